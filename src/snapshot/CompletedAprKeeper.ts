import type { Address } from 'viem'
import type { ChainClient, FactCache } from '../chain/index.js'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import { startPoolAt, type PoolsRead } from '../chain-state/index.js'
import { completedAprRecord, stakingAprs, type CompletedApr, type PricedState, type StakingApr } from '../pricing/index.js'
import type { Registry } from '../registry/index.js'
import type { SnapshotStore } from '../store/index.js'
import { readCompletedApr } from './readCompletedApr.js'
import { entryOf } from '../keyed/index.js'

/** The APRs (percent, by pid) a pool had at the latest snapshot where it still ran. */
interface LastSeen {
  blockNumber: bigint
  takenAt: number
  endBlock: bigint
  /** As stakingAprs gave them; made completedAPR (completedAprRecord) only once the pool has ended. */
  aprs: readonly StakingApr[]
}

/** A pool whose completedAPR could not be found is looked for again no sooner than this, ms. */
const RETRY_MS = 600_000

export interface CompletedAprs {
  completedApr: Record<Address, Record<string, string>>
  completedAprNotes: Record<Address, string>
}

/**
 * completedAPR without old state. While a staking pool runs, the APRs of each snapshot are kept;
 * on the first snapshot where the pool has ended, the last ones kept become its completedAPR and
 * are saved to the store's APR history at their block. A pool that ended while this refresher did
 * not watch takes them from the previous snapshot, else the store, else the node at the block
 * before the end, which a pruned node no longer has: then `{}` and a note, looked for again every
 * RETRY_MS. Nothing here throws, so no pool can fail or hold up a snapshot.
 */
export class CompletedAprKeeper {
  /** Per chain, by pool: kept apart so a running pool costs no key made at every block. */
  private readonly lastSeen = new Map<number, Map<Address, LastSeen>>()
  private readonly retryAt = new Map<string, number>()

  constructor(
    private readonly deps: {
      registry: Registry
      facts: FactCache
      store?: SnapshotStore | undefined
      /** A store write failed (the snapshot still carries the value). */
      onStoreError: (error: unknown) => void
    },
  ) {}

  /** The completedAPR of every pool ended at `priced`'s block; remembers the APRs of the others. */
  async of(chain: ChainClient, priced: PricedState, previous: ChainSnapshot | undefined): Promise<CompletedAprs> {
    // Ended pools are looked up side by side: those the node must be asked about share one round trip. The others are done at
    // once, with no promise each (a thousand pools a block).
    const outcomes: [Address, CompletedApr | undefined][] = []
    const lookups: Promise<void>[] = []
    const seen = this.seenOn(chain.chainId)
    // forEach: no entry or iterator result per pool.
    priced.state.rewardPools.forEach((pool, address) => {
      // A pool that did not answer this time keeps what the previous snapshot knew of it.
      if (!pool) outcomes.push([address, carried(previous, address)])
      // A running pool has no completedAPR: its APRs are only remembered.
      else if (priced.state.blockNumber < pool.endBlock) remember(seen, address, priced, pool.endBlock, stakingAprs(priced, pool))
      else {
        const outcome: [Address, CompletedApr | undefined] = [address, undefined]
        outcomes.push(outcome)
        lookups.push(
          this.ended(chain, priced, address, pool.endBlock, previous).then((found) => {
            outcome[1] = found
          }),
        )
      }
    })
    await Promise.all(lookups)
    const result: CompletedAprs = { completedApr: {}, completedAprNotes: {} }
    for (const [address, found] of outcomes) {
      if (!found) continue
      result.completedApr[address] = found.aprs
      if (found.note !== undefined) result.completedAprNotes[address] = found.note
    }
    return result
  }

  /**
   * Starts the node reads that `of` will need for pools that have ended by `pools`' block and
   * that nothing here knows of yet (no earlier snapshot, no APRs seen while they ran): their state
   * at the block before the end, read beside the state's last wave instead of after it. `of`
   * still asks the store first; the read is used only when the store has nothing.
   */
  startReads(chain: ChainClient, pools: PoolsRead, previous: ChainSnapshot | undefined): void {
    const registry = this.deps.registry.chains.get(chain.chainId)!
    const seen = this.seenOn(chain.chainId)
    for (const [address, pool] of pools.states) {
      if (!pool || pools.blockNumber < pool.endBlock || carried(previous, address)) continue
      if (seen.has(address) || Date.now() < (this.retryAt.get(`${chain.chainId}:${address}`) ?? 0)) continue
      startPoolAt(chain, registry, this.deps.facts, address, pools.lists.get(address), pool.endBlock - 1n)
    }
  }

  private seenOn(chainId: number): Map<Address, LastSeen> {
    return entryOf(this.lastSeen, chainId, () => new Map())
  }

  private async ended(chain: ChainClient, priced: PricedState, pool: Address, endBlock: bigint, previous: ChainSnapshot | undefined): Promise<CompletedApr> {
    const key = `${chain.chainId}:${pool}`
    const previousEnd = previous?.state.rewardPools.get(pool)?.endBlock
    const known = previousEnd === undefined || previousEnd === endBlock ? carried(previous, pool) : undefined
    if (known && known.note === undefined) return known

    const seenOnChain = this.seenOn(chain.chainId)
    const seen = seenOnChain.get(pool)
    if (seen && seen.endBlock === endBlock) {
      seenOnChain.delete(pool)
      const aprs = completedAprRecord(seen.aprs)
      await this.save(chain.chainId, pool, seen.blockNumber, seen.takenAt, aprs)
      return { aprs }
    }
    if (known && Date.now() < (this.retryAt.get(key) ?? 0)) return known

    const stored = await this.deps.store?.lastAprsBefore(chain.chainId, pool, endBlock).catch((error: unknown) => void this.deps.onStoreError(error))
    if (stored) return { aprs: stored }
    const registry = this.deps.registry.chains.get(chain.chainId)!
    const { timestamp, ...read } = await readCompletedApr(chain, registry, this.deps.facts, {
      pool,
      endBlock,
      blockTime: priced.blockTime,
      figurePolicy: priced.figurePolicy,
    })
    if (read.note !== undefined || timestamp === undefined) {
      this.retryAt.set(key, Date.now() + RETRY_MS)
      return read
    }
    this.retryAt.delete(key)
    // In chain time, as every history point: the block's own timestamp.
    await this.save(chain.chainId, pool, endBlock - 1n, timestamp * 1000, read.aprs)
    return read
  }

  /** Records completedAPR in the APR history, where a restart (or another refresher) finds it. */
  private async save(chainId: number, pool: Address, blockNumber: bigint, takenAt: number, aprs: Record<string, string>): Promise<void> {
    const rows = Object.entries(aprs).map(([pid, apr]) => ({ pool, pid: Number(pid), apr: Number(apr) }))
    await this.deps.store?.saveAprs(chainId, blockNumber, takenAt, rows).catch((error: unknown) => this.deps.onStoreError(error))
  }
}

/**
 * Keeps `aprs` as `pool`'s latest while it runs, at `priced`'s block. APRs that could not be
 * computed (nothing staked, no price) are no completedAPR: the last real ones stay. The same APRs
 * as last time (stakingAprs gives the same array while the pool's inputs hold) only move to the new block.
 */
function remember(seen: Map<Address, LastSeen>, pool: Address, priced: PricedState, endBlock: bigint, aprs: readonly StakingApr[]): void {
  const last = seen.get(pool)
  const blockNumber = priced.state.blockNumber
  const takenAt = priced.state.timestamp * 1000
  if (last?.aprs === aprs && last.endBlock === endBlock) {
    last.blockNumber = blockNumber
    last.takenAt = takenAt
  } else if (aprs.some(computed)) seen.set(pool, { blockNumber, takenAt, endBlock, aprs })
}

const computed = (apr: StakingApr) => !apr.note

/** What `snapshot` said of `pool`'s completedAPR, if anything. */
function carried(snapshot: ChainSnapshot | undefined, pool: Address): CompletedApr | undefined {
  const aprs = snapshot?.completedApr[pool]
  const note = snapshot?.completedAprNotes?.[pool]
  if (aprs === undefined && note === undefined) return undefined
  return { aprs: aprs ?? {}, ...(note !== undefined && { note }) }
}
