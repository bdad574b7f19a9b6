import { type Address, zeroAddress } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import type { ApyBase, ChainState } from '../chain-snapshot/index.js'
import { pricePerShare } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { IndexStore, TimedEvent } from '../store/index.js'
import { pushTo } from '../keyed/index.js'

const FULL_SHARE = 10n ** 18n
/** Events one lookup reads at most; past it a window is left to the nearer rule rather than summed from part of its events. */
const MAX_EVENTS = 1_000_000

type Point = ApyBase['vaults'][Address]

/** Where a window's base is looked for: its target time and the tolerance around it (seconds). */
export interface WindowTarget {
  target: number
  tolerance: number
}

/** What the index gave: the points, and the block it holds events through when that is short of the latest snapshot's. */
export interface IndexPoints {
  points: Map<Address, Point>
  behind?: bigint
}

/**
 * Each of `vaults`' price per share about `window.target`, from the event index (what a node
 * without old state cannot give):
 * - at `at`, the block of the target (the node's headers give it where its state is gone), for a
 *   vault with a registered strategy: its total want and supply at the latest snapshot (`now`),
 *   less what the index saw enter since `at` (want deposited, the strategy's harvests) plus what
 *   left (want withdrawn: a withdrawal fee stays in), and its supply less the shares minted plus
 *   those burned: exactly what an archive node would read at `at`, when the index holds every
 *   event of the vault and its strategy through the snapshot's block (else `behind` says where it is);
 * - else (no block, no snapshot state, no strategy): the exchange rate of a deposit within the
 *   tolerance of the target, at the deposit's own block.
 * The vaults the index cannot give are left out.
 */
export async function pricesPerShareFromIndex(
  index: IndexStore,
  registry: ChainRegistry,
  vaults: readonly Address[],
  window: WindowTarget,
  at: BlockSample | undefined,
  now: ChainState | undefined,
): Promise<IndexPoints> {
  const points = new Map<Address, Point>()
  const walkable =
    at && now
      ? vaults.filter((vault) => registry.vaults.get(vault)?.strategy && now.vaultWant.get(vault) !== undefined && now.vaultSupply?.get(vault) !== undefined)
      : []
  let behind: bigint | undefined
  if (at && now && walkable.length > 0) {
    const through = new Map((await index.contracts(registry.chainId)).map((contract) => [contract.address, contract.nextBlock - 1n]))
    const followed = walkable.flatMap((vault) => [vault, registry.vaults.get(vault)!.strategy!])
    const held = followed.reduce<bigint | undefined>((lowest, contract) => {
      const block = through.get(contract) ?? -1n
      return lowest === undefined || block < lowest ? block : lowest
    }, undefined)!
    if (held < now.blockNumber) behind = held
    else {
      const events = await index.eventsAt(registry.chainId, {
        contracts: followed,
        actions: ['harvest', 'transfer', 'deposit', 'withdraw'],
        fromTime: at.timestamp,
        toTime: now.timestamp,
        limit: MAX_EVENTS,
      })
      if (events.length < MAX_EVENTS)
        for (const vault of walkable) {
          const point = walkedBack(vault, registry, at, now, events)
          if (point) points.set(vault, point)
        }
    }
  }
  const rest = vaults.filter((vault) => !points.has(vault) && !(behind !== undefined && walkable.includes(vault)))
  if (rest.length > 0) for (const [vault, point] of await nearestDeposits(index, registry, rest, window)) points.set(vault, point)
  return { points, ...(behind !== undefined && { behind }) }
}

/**
 * Fills `base` with what the event index gives of the `lacking` vaults, and says in each other's
 * note why it cannot (after the node's reason). True when it will give more soon: its lookups are
 * still being built, or it holds events short of the latest snapshot's block.
 */
export async function fillFromIndex(
  index: IndexStore,
  registry: ChainRegistry,
  base: ApyBase,
  lacking: readonly Address[],
  window: WindowTarget,
  at: BlockSample | undefined,
  now: ChainState | undefined,
): Promise<boolean> {
  // Until the chain's lookups are built (after its event backfill) the index is not read.
  if (!(await index.indexesBuilt(registry.chainId).catch(() => false))) {
    for (const vault of lacking) base.notes[vault] = `${base.notes[vault]}; the event index, which can give it, is still being built`
    return true
  }
  const { points, behind } = await pricesPerShareFromIndex(index, registry, lacking, window, at, now).catch((): IndexPoints => ({ points: new Map() }))
  for (const vault of lacking) {
    const point = points.get(vault)
    const strategy = registry.vaults.get(vault)?.strategy
    if (point) {
      base.vaults[vault] = point
      delete base.notes[vault]
    } else if (behind !== undefined && strategy)
      base.notes[vault] =
        `${base.notes[vault]}; the event index, which can give it, holds events through block ${behind}, short of the latest snapshot's ${now!.blockNumber}`
    else {
      const why = strategy ? 'its events do not add up to its holdings' : `no deposit into it within ${window.tolerance} s`
      base.notes[vault] = `${base.notes[vault]}; the event index cannot give it either (${why}); an archive node keeps it`
    }
  }
  return behind !== undefined
}

/** The vault's price per share at `at`: its want and supply at `now` with every flow the index saw after `at` undone; undefined when they do not add up. */
function walkedBack(vault: Address, registry: ChainRegistry, at: BlockSample, now: ChainState, events: readonly TimedEvent[]): Point | undefined {
  const { want: token, strategy } = registry.vaults.get(vault)!
  let want = now.vaultWant.get(vault)!
  let supply = now.vaultSupply!.get(vault)!
  for (const event of events) {
    if (event.blockNumber <= at.blockNumber || event.blockNumber > now.blockNumber) continue
    if (event.contract === strategy && event.action === 'harvest') want -= event.amount
    if (event.contract !== vault) continue
    if (event.action === 'deposit') want -= event.amount
    else if (event.action === 'withdraw') want += event.amount
    else if (event.action === 'transfer' && event.token === undefined) {
      if (event.account === zeroAddress) supply -= event.amount
      else if (event.counterparty === zeroAddress) supply += event.amount
    } else if (event.action === 'transfer' && event.token === token) {
      if (event.counterparty === vault) want -= event.amount
      else if (event.account === vault) want += event.amount
    }
  }
  if (want < 0n || supply < 0n) return undefined
  return { blockNumber: at.blockNumber, timestamp: at.timestamp, pricePerShare: pricePerShare(want, supply), source: 'index' }
}

/** The exchange rate of the deposit nearest the target within its tolerance, per vault, at the deposit's block. */
async function nearestDeposits(
  index: IndexStore,
  registry: ChainRegistry,
  vaults: readonly Address[],
  { target, tolerance }: WindowTarget,
): Promise<Map<Address, Point>> {
  const events = await index.eventsAt(registry.chainId, {
    contracts: vaults,
    actions: ['deposit', 'transfer'],
    fromTime: target - tolerance,
    toTime: target + tolerance,
    limit: 10_000,
  })
  const byTx = new Map<string, TimedEvent[]>()
  for (const event of events) pushTo(byTx, `${event.txHash}/${event.contract}`, event)
  const found = new Map<Address, Point>()
  for (const txEvents of byTx.values()) {
    const first = txEvents[0]!
    const rate = exchangeRate(txEvents, registry.vaults.get(first.contract)!.want)
    if (rate === undefined) continue
    const point: Point = { blockNumber: first.blockNumber, timestamp: first.timestamp, pricePerShare: rate, source: 'index' }
    const other = found.get(first.contract)
    if (!other || Math.abs(point.timestamp - target) < Math.abs(other.timestamp - target)) found.set(first.contract, point)
  }
  return found
}

/** Want per share (scaled by 1e18) at which a transaction's deposit into a vault happened, from its events; undefined without one. */
function exchangeRate(events: readonly TimedEvent[], want: Address): bigint | undefined {
  const deposit = events.find((event) => event.action === 'deposit' && event.detail?.shares !== undefined)
  if (deposit) {
    const shares = BigInt(deposit.detail!.shares!)
    return shares === 0n ? undefined : (deposit.amount * FULL_SHARE) / shares
  }
  const vault = events[0]!.contract
  const minted = events.filter((event) => event.action === 'transfer' && event.token === undefined && event.account === zeroAddress)
  const wantIn = events.filter((event) => event.action === 'transfer' && event.token === want && event.counterparty === vault)
  const shares = minted.reduce((sum, event) => sum + event.amount, 0n)
  const amount = wantIn.reduce((sum, event) => sum + event.amount, 0n)
  return shares === 0n || amount === 0n ? undefined : (amount * FULL_SHARE) / shares
}
