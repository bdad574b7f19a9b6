import type { Address } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import type { ApyBase } from '../chain-state/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { IndexStore, TimedEvent } from '../store/index.js'

const FULL_SHARE = 10n ** 18n

type Point = ApyBase['vaults'][Address]

/** Where a window's base is looked for: its target time, the tolerance around it and the window's length (seconds). */
export interface WindowTarget {
  target: number
  tolerance: number
  span: number
}

/**
 * Each of `vaults`' price per share about `window.target`, from the event index (what a node
 * without old state cannot give):
 * - at `at`, the block of the target (the node's headers give it where its state is gone), for a
 *   vault whose strategy the index follows: its price per share moves when the strategy harvests
 *   (compounding) and stays between two harvests (a withdrawal fee kept for the other holders
 *   moves it by a hair), so the exchange rate of a deposit between the harvest before `at` and
 *   the one after is the price per share at `at`; the deposit nearest `at` is taken;
 * - else (no block, or no strategy whose harvests bound it): the exchange rate of a deposit within
 *   the tolerance of the target, at the deposit's own block.
 * The vaults the index has no such deposit for are left out.
 */
export async function pricesPerShareFromIndex(
  index: IndexStore,
  registry: ChainRegistry,
  vaults: readonly Address[],
  window: WindowTarget,
  at: BlockSample | undefined,
): Promise<Map<Address, Point>> {
  const { target, tolerance, span } = window
  const vaultOf = new Map<Address, Address>()
  if (at) for (const vault of vaults) if (registry.vaults.get(vault)?.strategy) vaultOf.set(registry.vaults.get(vault)!.strategy!, vault)
  const [events, harvests] = await Promise.all([
    index.eventsAt(registry.chainId, { contracts: vaults, actions: ['deposit', 'transfer'], fromTime: target - span, toTime: target + span, limit: 10_000 }),
    vaultOf.size === 0
      ? []
      : index.eventsAt(registry.chainId, {
          contracts: [...vaultOf.keys()],
          actions: ['harvest'],
          fromTime: target - span,
          toTime: target + span,
          limit: 10_000,
        }),
  ])
  const bounds = at ? harvestBounds(harvests, vaultOf, at.blockNumber) : new Map<Address, Bounds>()
  const found = new Map<Address, { point: Point; distance: number }>()
  for (const txEvents of byTransaction(events).values()) {
    const first = txEvents[0]!
    const rate = exchangeRate(txEvents, registry.vaults.get(first.contract)!.want)
    if (rate === undefined) continue
    const bound = bounds.get(first.contract)
    let candidate: { point: Point; distance: number } | undefined
    if (bound && at) {
      if (first.blockNumber > bound.after && first.blockNumber < bound.before)
        candidate = {
          point: { blockNumber: at.blockNumber, timestamp: at.timestamp, pricePerShare: rate, source: 'index' },
          distance: Math.abs(first.timestamp - at.timestamp),
        }
    } else if (Math.abs(first.timestamp - target) <= tolerance) {
      candidate = {
        point: { blockNumber: first.blockNumber, timestamp: first.timestamp, pricePerShare: rate, source: 'index' },
        distance: Math.abs(first.timestamp - target),
      }
    }
    const other = found.get(first.contract)
    if (candidate && (!other || candidate.distance < other.distance)) found.set(first.contract, candidate)
  }
  return new Map([...found].map(([vault, { point }]) => [vault, point]))
}

/** Blocks strictly between which a vault's price per share is the one at the target's block: after the last harvest at or before it, before the next. */
interface Bounds {
  after: bigint
  before: bigint
}

function harvestBounds(harvests: readonly TimedEvent[], vaultOf: Map<Address, Address>, block: bigint): Map<Address, Bounds> {
  const bounds = new Map<Address, Bounds>([...vaultOf.values()].map((vault) => [vault, { after: -1n, before: 2n ** 256n }]))
  for (const harvest of harvests) {
    const bound = bounds.get(vaultOf.get(harvest.contract)!)!
    if (harvest.blockNumber <= block) bound.after = harvest.blockNumber > bound.after ? harvest.blockNumber : bound.after
    else bound.before = harvest.blockNumber < bound.before ? harvest.blockNumber : bound.before
  }
  return bounds
}

function byTransaction(events: readonly TimedEvent[]): Map<string, TimedEvent[]> {
  const grouped = new Map<string, TimedEvent[]>()
  for (const event of events) {
    const key = `${event.txHash}/${event.contract}`
    grouped.set(key, [...(grouped.get(key) ?? []), event])
  }
  return grouped
}

/** Want per share (scaled by 1e18) at which a transaction's deposit into a vault happened, from its events; undefined without one. */
function exchangeRate(events: readonly TimedEvent[], want: Address): bigint | undefined {
  const deposit = events.find((event) => event.action === 'deposit' && event.detail?.shares !== undefined)
  if (deposit) {
    const shares = BigInt(deposit.detail!.shares!)
    return shares === 0n ? undefined : (deposit.amount * FULL_SHARE) / shares
  }
  const vault = events[0]!.contract
  const minted = events.filter(
    (event) => event.action === 'transfer' && event.token === undefined && event.account === '0x0000000000000000000000000000000000000000',
  )
  const wantIn = events.filter((event) => event.action === 'transfer' && event.token === want && event.counterparty === vault)
  const shares = minted.reduce((sum, event) => sum + event.amount, 0n)
  const amount = wantIn.reduce((sum, event) => sum + event.amount, 0n)
  return shares === 0n || amount === 0n ? undefined : (amount * FULL_SHARE) / shares
}
