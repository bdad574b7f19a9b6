import type { Address } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import type { ChainClient } from '../chain/index.js'
import type { ApyBase, ChainSnapshot, PairPoint } from '../chain-snapshot/index.js'
import { APY_WINDOW_TOLERANCE, APY_WINDOWS } from '../pricing/index.js'
import type { Registry } from '../registry/index.js'
import type { Metrics } from '../metrics/index.js'
import type { IndexStore, SnapshotStore } from '../store/index.js'
import { fillFromIndex } from './apyBaseFromIndex.js'
import { inceptionNote, inceptionPoints } from './inceptionBase.js'
import type { Wanted } from './windowPoints.js'
import { sameApyBase } from './sameApyBase.js'
import { keptOrDecided, lookingFor } from './decidedBase.js'
import { StoredWindowPoints } from './StoredWindowPoints.js'
import { NodeWindowPoints, RETRY_MS } from './NodeWindowPoints.js'
import { heldBaseOf, heldFor, wantedOf, type HeldBase } from './heldBase.js'

/** While the event index, which can give what the node cannot, is being built, a window is looked up again this soon, ms. */
const INDEX_RETRY_MS = 5_000

type Point = ApyBase['vaults'][Address]

/**
 * The price per share of every vault, and the reserves of every LP pair vaults take, about one APY
 * window (1, 7, 30 days of chain time) before each snapshot's block, so APY is there from the
 * first day, not after 30 days of recording.
 * Looked for, per window: in the previous snapshot (while still within the window's tolerance),
 * the store's recorded points, the node at the block of that time (archive nodes keep that state;
 * the point is then recorded, so the store has it next time), and the event index (the exchange
 * rate of a deposit between the harvests around that block: see pricesPerShareFromIndex), asked
 * again every few seconds while it is being built. A vault none of them has gets a note that
 * says why (the node without the state, the index being built, no deposit there). Nothing here throws.
 */
export class ApyBaseKeeper {
  private readonly retryAt = new Map<string, number>()
  /** What background lookups found, per chain and window: taken by the next snapshots while near their window's start. */
  private readonly found = new Map<string, ApyBase>()
  /** Lookups running, per chain and window: one at a time, never on a snapshot's path. */
  private readonly lookups = new Map<string, Promise<void>>()
  /** Lookups that found the event index still being built, per chain and window: started again by `lookUpDue` once their retry time comes, with no snapshot needed. */
  private readonly waitingOnIndex = new Map<string, { chainId: number; start: () => Promise<void> }>()
  /** Lookups the snapshots taken since the last `lookUpWanted` asked for, started by it. */
  private wanted = new Map<string, () => Promise<void>>()
  /** How many lookups have finished per chain: a snapshot taken before the last one lacks what it found. */
  private readonly finished = new Map<number, number>()
  /** Each chain's vaults' inception points (their first deposits), found once in the index. */
  private readonly inceptions = new Map<number, Map<Address, Point>>()
  /** Whether each chain's inception lookup has run, and whether it found the index being built. */
  private readonly inceptionLooked = new Map<number, 'building' | 'looked'>()
  /** The node's points about a window back, and why it could not give them. */
  private readonly node: NodeWindowPoints
  /** The store's points near each window's start, read ahead of the blocks that follow. */
  private readonly stored: StoredWindowPoints | undefined
  /** Per chain and window, the last base decided and while it holds (see HeldBase). */
  private readonly held = new Map<string, HeldBase>()
  /** Per chain, its inception base as last made, and from what: a later block with as many points found takes it again. */
  private readonly heldInception = new Map<number, { base: ApyBase; vaults: readonly Address[]; known: number; looked: string | undefined }>()

  constructor(
    private readonly deps: {
      registry: Registry
      store?: SnapshotStore | undefined
      index?: IndexStore | undefined
      /** The chain's latest snapshot: the index's points are its holdings with the events since undone. */
      latest?: (chainId: number) => ChainSnapshot | undefined
      onStoreError: (error: unknown) => void
      /** Counts each window's base decided anew (snapshot_apy_bases_decided_total). */
      metrics?: Metrics | undefined
    },
  ) {
    this.stored = deps.store && new StoredWindowPoints(deps.store, deps.onStoreError)
    this.node = new NodeWindowPoints({ registry: deps.registry, store: deps.store, onStoreError: deps.onStoreError, retryAt: this.retryAt })
  }

  /** Counts the background lookups of `chainId` that have finished: a change means the next snapshot carries more. */
  revision(chainId: number): number {
    return this.finished.get(chainId) ?? 0
  }

  /** Each window's base for a snapshot at `block` (its number and timestamp, seconds). */
  async of(chain: ChainClient, block: BlockSample, previous: ChainSnapshot | undefined): Promise<Record<string, ApyBase>> {
    const registry = this.deps.registry.chains.get(chain.chainId)
    if (!registry) return {}
    // The registry's own object, block after block: a held decision is taken again only for the very same (heldFor).
    const wanted = wantedOf(registry)
    if (wanted.vaults.length === 0) return {}
    // In the windows' order, whichever is found first: a snapshot's patch keeps an object's keys in order (snapshotPatch).
    const windows = await Promise.all(
      Object.entries(APY_WINDOWS).map(
        async ([window, seconds]) => [window, await this.window(chain, block, wanted, window, seconds, previous?.apyBases?.[window])] as const,
      ),
    )
    return { ...Object.fromEntries(windows), inception: this.inception(chain.chainId, wanted.vaults, block, previous?.apyBases?.inception) }
  }

  /**
   * Each vault's price per share right after its first deposit (see inceptionPoints): found once in
   * the event index and kept (it never changes). The index is asked beside the snapshots, never on
   * their path: the vaults not found yet are looked for after the snapshot is published, again at
   * most every INDEX_RETRY_MS while the index is being built (with no snapshot needed), every
   * RETRY_MS after; what is found goes to the next snapshot.
   */
  private inception(chainId: number, vaults: readonly Address[], head: BlockSample, kept: ApyBase | undefined): ApyBase {
    const index = this.deps.index
    const known = this.inceptions.get(chainId) ?? new Map<Address, Point>()
    this.inceptions.set(chainId, known)
    const key = `${chainId}:inception`
    // The vaults still missing are looked for only when a lookup may start: not a pass over every vault at every block.
    if (index && !this.lookups.has(key) && Date.now() >= (this.retryAt.get(key) ?? 0)) {
      const missing = vaults.filter((vault) => !known.has(vault))
      if (missing.length > 0) this.wanted.set(key, () => this.lookUpInception(chainId, missing, head, known))
    }
    const looked = this.inceptionLooked.get(chainId)
    const held = this.heldInception.get(chainId)
    if (kept && held?.base === kept && held.vaults === vaults && held.known === known.size && held.looked === looked) return kept
    this.decided(chainId, 'inception')
    const base: ApyBase = { vaults: {}, notes: {} }
    for (const vault of vaults) {
      const point = known.get(vault)
      if (point) base.vaults[vault] = point
      else base.notes[vault] = inceptionNote(index !== undefined, looked)
    }
    const decided = kept && sameApyBase(kept, base) ? kept : base
    this.heldInception.set(chainId, { base: decided, vaults, known: known.size, looked })
    return decided
  }

  /** Looks for the first deposits of `missing` in the index; keeps what it finds (the next snapshot carries it). */
  private async lookUpInception(chainId: number, missing: readonly Address[], head: BlockSample, known: Map<Address, Point>): Promise<void> {
    const index = this.deps.index!
    const key = `${chainId}:inception`
    let building = false
    try {
      building = !(await index.indexesBuilt(chainId))
      if (!building)
        for (const [vault, point] of await inceptionPoints(index, this.deps.registry.chains.get(chainId)!, missing, head.blockNumber)) known.set(vault, point)
    } catch (error) {
      this.deps.onStoreError(error)
    }
    this.inceptionLooked.set(chainId, building ? 'building' : 'looked')
    this.finished.set(chainId, this.revision(chainId) + 1)
    this.retryAt.set(key, Date.now() + (building ? INDEX_RETRY_MS : RETRY_MS))
    if (building) this.waitingOnIndex.set(key, { chainId, start: () => this.lookUpInception(chainId, missing, head, known) })
  }

  /** Resolves once the lookups started so far are done (their points go to the next snapshot). */
  async settled(): Promise<void> {
    while (this.lookups.size > 0) await Promise.allSettled([...this.lookups.values()])
  }

  private async window(chain: ChainClient, head: BlockSample, wanted: Wanted, window: string, seconds: number, kept: ApyBase | undefined): Promise<ApyBase> {
    const { vaults, pairs } = wanted
    const target = head.timestamp - seconds
    const tolerance = Math.round(seconds * APY_WINDOW_TOLERANCE)
    const near = (point: { timestamp: number }) => Math.abs(point.timestamp - target) <= tolerance
    const key = `${chain.chainId}:${window}`
    const found = this.found.get(key)
    const stored = this.stored
    const inputs = { kept, found, wanted }
    const held = heldFor(this.held.get(key), inputs, head.timestamp)
    if (held && (!stored || stored.holdsNone(key, held.lacking, target - tolerance, target + tolerance))) {
      this.wantLookUp(chain, head, held.lacking, window, target, tolerance)
      return held.base
    }
    this.decided(chain.chainId, window)
    // The kept point while near the window's start, else the one found.
    const nearOf = <P extends { timestamp: number }>(first: P | undefined, second: P | undefined) =>
      first && near(first) ? first : second && near(second) ? second : undefined
    const vaultPoints: (Point | undefined)[] = vaults.map((vault) => nearOf(kept?.vaults[vault], found?.vaults[vault]))
    const pairPoints: (PairPoint | undefined)[] = pairs.map((pair) => nearOf(kept?.pairs?.[pair], found?.pairs?.[pair]))
    const lacking = <P>(addresses: readonly Address[], points: readonly (P | undefined)[]) => addresses.filter((_, index) => !points[index])
    let vaultsLacking = lacking(vaults, vaultPoints)
    if (vaultsLacking.length > 0 && stored) {
      const points = await stored.vaults(key, chain.chainId, vaultsLacking, target - tolerance, target + tolerance)
      vaults.forEach((vault, index) => {
        const point = vaultPoints[index] ? undefined : points.get(vault)
        if (point) vaultPoints[index] = { blockNumber: point.blockNumber, timestamp: point.blockTime, pricePerShare: point.pricePerShare, source: 'store' }
      })
      if (points.size > 0) vaultsLacking = lacking(vaults, vaultPoints)
    }
    let pairsLacking = lacking(pairs, pairPoints)
    if (pairsLacking.length > 0 && stored) {
      const points = await stored.pairs(key, chain.chainId, pairsLacking, target - tolerance, target + tolerance)
      pairs.forEach((pair, index) => {
        pairPoints[index] ??= points.get(pair)
      })
      if (points.size > 0) pairsLacking = lacking(pairs, pairPoints)
    }
    // The node and the index are asked beside the snapshots, never on their path (a month-back search takes round trips): the next snapshot has what they find.
    const [vaultNote, pairNote] = lookingFor(window)
    const noteOf = (address: Address, kind: 'vault' | 'pair') => found?.notes[address] ?? (kind === 'vault' ? vaultNote : pairNote)
    this.wantLookUp(chain, head, { vaults: vaultsLacking, pairs: pairsLacking }, window, target, tolerance)
    // The last snapshot's base, when nothing moved (its notes neither): the same object, whose text is kept (snapshotText).
    const base = keptOrDecided(kept, { vaults, vaultPoints, pairs, pairPoints, noteOf })
    this.held.set(key, heldBaseOf(base, inputs, { vaults: vaultsLacking, pairs: pairsLacking }, { timestamp: head.timestamp, seconds, tolerance }))
    return base
  }

  private decided(chainId: number, window: string): void {
    this.deps.metrics?.apyBasesDecided.inc({ chain: String(chainId), window })
  }

  /** Asks for a lookup of what lacks a point, unless one runs or failed lately: a lookup that left vaults without a point (younger than the window, no old state) is not repeated every block. */
  private wantLookUp(chain: ChainClient, head: BlockSample, lacking: Wanted, window: string, target: number, tolerance: number): void {
    const key = `${chain.chainId}:${window}`
    if ((lacking.vaults.length > 0 || lacking.pairs.length > 0) && !this.lookups.has(key) && Date.now() >= (this.retryAt.get(key) ?? 0))
      this.wanted.set(key, () => this.lookUp(chain, head, lacking, window, target, tolerance))
  }

  /**
   * Starts the lookups the snapshots asked for (one per chain and window at a time). The refresher
   * calls it once a snapshot is published, so their round trips never lengthen a snapshot's.
   */
  lookUpWanted(): void {
    const wanted = this.wanted
    this.wanted = new Map()
    for (const [key, start] of wanted) this.start(key, start)
  }

  /**
   * Starts again the lookups of `chainId` that found the event index being built, once their
   * retry time has come: the refresher calls it on every poll, so what the index gives is looked
   * for as soon as it is built, not at the next block (minutes on a slow chain).
   */
  lookUpDue(chainId: number): void {
    for (const [key, waiting] of this.waitingOnIndex) {
      if (waiting.chainId !== chainId || Date.now() < (this.retryAt.get(key) ?? 0)) continue
      this.waitingOnIndex.delete(key)
      this.start(key, waiting.start)
    }
  }

  private start(key: string, start: () => Promise<void>): void {
    if (this.lookups.has(key)) return
    this.lookups.set(
      key,
      start().finally(() => this.lookups.delete(key)),
    )
  }

  /** Asks the node, then the index, for the points of `vaults` at `target`; keeps what they found and why the rest has none. */
  private async lookUp(chain: ChainClient, head: BlockSample, wanted: Wanted, window: string, target: number, tolerance: number): Promise<void> {
    const base: ApyBase = { vaults: {}, pairs: {}, notes: {} }
    const missing = () => wanted.vaults.filter((vault) => !base.vaults[vault])
    const at = await this.node.read(chain, head, wanted, window, target, tolerance, base)
    const key = `${chain.chainId}:${window}`
    const index = this.deps.index
    const registry = this.deps.registry.chains.get(chain.chainId)!
    const now = this.deps.latest?.(chain.chainId)?.state
    // A chain younger than the window has no block then: the index has nothing to give either.
    const younger = this.node.beforeGenesis(key)
    // What the index cannot give yet (being built, behind the snapshot) is asked for again soon, with no snapshot needed.
    const soon = index && !younger && missing().length > 0 ? await fillFromIndex(index, registry, base, missing(), { target, tolerance }, at, now) : false
    if (soon) this.waitingOnIndex.set(key, { chainId: chain.chainId, start: () => this.lookUp(chain, head, wanted, window, target, tolerance) })
    this.found.set(key, base)
    this.finished.set(chain.chainId, this.revision(chain.chainId) + 1)
    if (soon) this.retryAt.set(key, Date.now() + INDEX_RETRY_MS)
    else if (missing().length > 0 || wanted.pairs.some((pair) => !base.pairs![pair]))
      this.retryAt.set(key, Math.max(this.retryAt.get(key) ?? 0, Date.now() + RETRY_MS))
  }
}
