import type { Address } from 'viem'
import { noneChanged, type ChangedContracts } from '../chain-state/index.js'
import { entryOf } from '../keyed/index.js'
import type { ChainRegistry } from '../registry/index.js'

type Kind = keyof ChangedContracts

/** Each registry's contracts in one round, in registry order: made once per registry. */
const rounds = new WeakMap<ChainRegistry, [Kind, Address][]>()

function roundOf(registry: ChainRegistry): [Kind, Address][] {
  return entryOf(rounds, registry, () => [
    ...[...registry.lpPairs.keys()].map((address): [Kind, Address] => ['pairs', address]),
    ...[...registry.vaults.keys()].map((address): [Kind, Address] => ['vaults', address]),
    ...[...registry.strategies.keys()].map((address): [Kind, Address] => ['strategies', address]),
    ...[...registry.rewardPools.keys()].map((address): [Kind, Address] => ['rewardPools', address]),
  ])
}

/** Blocks over which the chain time of an average block is followed (a moving average). */
const AVERAGE_BLOCKS = 8

/**
 * A full read spread over blocks: each block reads the next slice of a chain's contracts, its
 * share of them in proportion to the chain time that passed since the last block, so every
 * contract is read once within each `periodSeconds` of chain time whatever the block time, and
 * no block pays for the whole registry. The share is taken evenly: a chain stamping 0.45 s blocks
 * in whole seconds (0, 1, 0, 1 s apart) owes a slice at every other block, which is read as
 * half a slice at each; what is owed beyond an average block's share is always read at once,
 * so no contract's turn comes more than one average block late.
 */
export class RollingAudit {
  private cursor = 0
  /** Contracts owed to the audit but not yet read (a fraction: a block may pass less than one's worth of time). */
  private owed = 0
  /** The chain time of an average block, seconds (a moving average over AVERAGE_BLOCKS). */
  private averageSeconds: number | undefined

  /** The slice of `registry` that `seconds` of chain time owe, for a round of `periodSeconds`. */
  next(registry: ChainRegistry, seconds: number, periodSeconds: number): ChangedContracts {
    const round = roundOf(registry)
    const slice = noneChanged()
    if (round.length === 0) return slice
    const elapsed = Math.max(0, seconds)
    this.averageSeconds = this.averageSeconds === undefined ? elapsed : this.averageSeconds + (elapsed - this.averageSeconds) / AVERAGE_BLOCKS
    this.owed = Math.min(round.length, this.owed + (round.length * elapsed) / periodSeconds)
    const share = (round.length * this.averageSeconds) / periodSeconds
    const count = Math.min(Math.floor(this.owed), Math.max(Math.ceil(share), Math.ceil(this.owed - share)))
    this.owed -= count
    for (let taken = 0; taken < count; taken++) {
      const [kind, address] = round[this.cursor % round.length]!
      slice[kind].add(address)
      this.cursor = (this.cursor + 1) % round.length
    }
    return slice
  }
}
