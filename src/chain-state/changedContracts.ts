import type { Address, Hex } from 'viem'
import { rewardPoolAdapterFor, vaultAdapterFor } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'

/** The registered contracts a state read at a new block reads again; the feeds and bridges are read at every block. */
export interface ChangedContracts {
  pairs: Set<Address>
  vaults: Set<Address>
  strategies: Set<Address>
  rewardPools: Set<Address>
}

/** A log as `eth_getLogs` answers it: only what names a contract matters here. */
export interface NamingLog {
  address: Hex
  topics: readonly Hex[]
  data: Hex
}

/** Which registered contracts a log naming an address (lower case, no checksum) makes read again. */
export type WatchList = Map<string, { pairs: Address[]; vaults: Address[]; strategies: Address[]; rewardPools: Address[] }>

/**
 * The watch list of a chain's registry: each address whose appearance in a log may change what
 * the state reads, and what it changes.
 * - A pair, a vault, a reward pool: itself.
 * - A strategy: itself and its vault (a Beefy `balance()` and an ERC-4626 `totalAssets()` count
 *   what the strategy holds), and the vault names its strategy back.
 * - A strategy's farm (`farms`): the strategies staked in it (their farm's totals, their call reward).
 * A MasterChef's totals are its staking tokens' balances of it: their transfers name it.
 */
export function watchListOf(registry: ChainRegistry, farms: ReadonlyMap<Address, Address | undefined>): WatchList {
  const list: WatchList = new Map()
  const at = (address: Address) => {
    const key = address.toLowerCase()
    const known = list.get(key)
    if (known) return known
    const entry = { pairs: [] as Address[], vaults: [] as Address[], strategies: [] as Address[], rewardPools: [] as Address[] }
    list.set(key, entry)
    return entry
  }
  for (const pair of registry.lpPairs.keys()) at(pair).pairs.push(pair)
  for (const pool of registry.rewardPools.keys()) at(pool).rewardPools.push(pool)
  for (const vault of registry.vaults.values()) {
    const named = at(vault.address)
    named.vaults.push(vault.address)
    if (!vault.strategy) continue
    named.strategies.push(vault.strategy)
    const strategy = at(vault.strategy)
    strategy.strategies.push(vault.strategy)
    strategy.vaults.push(vault.address)
    const farm = farms.get(vault.strategy)
    if (farm) at(farm).strategies.push(vault.strategy)
  }
  return list
}

/** Each registry's contracts read at every block, found once. */
const alwaysReadOf = new WeakMap<ChainRegistry, ChangedContracts>()

/** The contracts read at every block: those whose entry or family says they change without logging it. A set of its own, to add to. */
export function alwaysRead(registry: ChainRegistry): ChangedContracts {
  const always = alwaysReadOf.get(registry) ?? markedAlways(registry)
  alwaysReadOf.set(registry, always)
  return union(always, noneChanged())
}

function markedAlways(registry: ChainRegistry): ChangedContracts {
  const changed = noneChanged()
  for (const vault of registry.vaults.values()) {
    if (!(vault.changesWithoutEvents ?? vaultAdapterFor(vault.kind).changesWithoutEvents)) continue
    changed.vaults.add(vault.address)
    if (vault.strategy) changed.strategies.add(vault.strategy)
  }
  for (const pool of registry.rewardPools.values())
    if (pool.changesWithoutEvents ?? rewardPoolAdapterFor(pool).changesWithoutEvents) changed.rewardPools.add(pool.address)
  return changed
}

export function noneChanged(): ChangedContracts {
  return { pairs: new Set(), vaults: new Set(), strategies: new Set(), rewardPools: new Set() }
}

type Kind = keyof ChangedContracts

/** The contracts of `a` or `b`, in sets of their own. */
export function union(a: ChangedContracts, b: ChangedContracts): ChangedContracts {
  const joined = noneChanged()
  for (const kind of Object.keys(joined) as Kind[]) for (const address of [...a[kind], ...b[kind]]) joined[kind].add(address)
  return joined
}

/** The contracts of `a` that `b` does not hold. */
export function minus(a: ChangedContracts, b: ChangedContracts): ChangedContracts {
  const left = noneChanged()
  for (const kind of Object.keys(left) as Kind[]) for (const address of a[kind]) if (!b[kind].has(address)) left[kind].add(address)
  return left
}

/** Every address of `contracts`, whatever its kind. */
export function keysOf(contracts: ChangedContracts): Set<string> {
  return new Set(Object.values(contracts).flatMap((addresses: Set<Address>) => [...addresses]))
}

/**
 * Adds to `changed` what `logs` name: a log names its emitter and every address in its topics and
 * its data words (a token's Transfer to a strategy names the strategy, whether the token indexes
 * its arguments or not). A word names an address when its first 12 bytes are zero.
 */
export function addNamed(changed: ChangedContracts, logs: readonly NamingLog[], watch: WatchList): ChangedContracts {
  const mark = (address: string) => {
    const entry = watch.get(address)
    if (!entry) return
    for (const pair of entry.pairs) changed.pairs.add(pair)
    for (const vault of entry.vaults) changed.vaults.add(vault)
    for (const strategy of entry.strategies) changed.strategies.add(strategy)
    for (const pool of entry.rewardPools) changed.rewardPools.add(pool)
  }
  for (const log of logs) {
    mark(log.address.toLowerCase())
    for (const topic of log.topics.slice(1)) markWord(topic, 2, mark)
    for (let start = 2; start + 64 <= log.data.length; start += 64) markWord(log.data, start, mark)
  }
  return changed
}

const ZERO_PREFIX = '000000000000000000000000'

/** The address in the 32-byte word of `hex` that starts at character `start`, when it holds one. */
function markWord(hex: Hex, start: number, mark: (address: string) => void): void {
  if (!hex.startsWith(ZERO_PREFIX, start)) return
  const address = `0x${hex.slice(start + 24, start + 64).toLowerCase()}`
  if (address !== '0x0000000000000000000000000000000000000000') mark(address)
}
