import type { Address } from 'viem'
import { noneChanged, type ChangedContracts } from '../chain-state/index.js'
import type { ChainRegistry } from '../registry/index.js'

type Kind = keyof ChangedContracts

/** Each registry's contracts in one round, in registry order: made once per registry. */
const rounds = new WeakMap<ChainRegistry, [Kind, Address][]>()

function roundOf(registry: ChainRegistry): [Kind, Address][] {
  let round = rounds.get(registry)
  if (!round) {
    round = [
      ...[...registry.lpPairs.keys()].map((address): [Kind, Address] => ['pairs', address]),
      ...[...registry.vaults.keys()].map((address): [Kind, Address] => ['vaults', address]),
      ...[...registry.strategies.keys()].map((address): [Kind, Address] => ['strategies', address]),
      ...[...registry.rewardPools.keys()].map((address): [Kind, Address] => ['rewardPools', address]),
    ]
    rounds.set(registry, round)
  }
  return round
}

/**
 * A full read spread over blocks: each block reads the next slice of a chain's contracts, its
 * share of them in proportion to the chain time that passed since the last block, so every
 * contract is read once within each `periodSeconds` of chain time whatever the block time, and
 * no block pays for the whole registry.
 */
export class RollingAudit {
  private cursor = 0
  /** Contracts owed to the audit but not yet read (a fraction: a block may pass less than one's worth of time). */
  private owed = 0

  /** The slice of `registry` that `seconds` of chain time owe, for a round of `periodSeconds`. */
  next(registry: ChainRegistry, seconds: number, periodSeconds: number): ChangedContracts {
    const round = roundOf(registry)
    const slice = noneChanged()
    if (round.length === 0) return slice
    this.owed = Math.min(round.length, this.owed + (round.length * Math.max(0, seconds)) / periodSeconds)
    const count = Math.floor(this.owed)
    this.owed -= count
    for (let taken = 0; taken < count; taken++) {
      const [kind, address] = round[this.cursor % round.length]!
      slice[kind].add(address)
      this.cursor = (this.cursor + 1) % round.length
    }
    return slice
  }
}
