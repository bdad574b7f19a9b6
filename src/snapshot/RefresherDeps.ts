import type { Logger } from 'pino'
import type { ChainClient, FactCache } from '../chain/index.js'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import type { Config } from '../config/index.js'
import type { Metrics } from '../metrics/index.js'
import type { FigureDigest, FigurePolicy, PricedState } from '../pricing/index.js'
import type { Registry } from '../registry/index.js'
import type { BlockPriceStore, SnapshotStore } from '../store/index.js'
import type { IndexReader } from './IndexReader.js'
import type { RefreshLock } from './RefreshLock.js'
import type { SnapshotCache } from './SnapshotCache.js'

/** What the refresher reads, where it publishes and keeps what it takes, and whom it tells. */
export interface RefresherDeps {
  chains: Map<number, ChainClient>
  registry: Registry
  facts: FactCache
  cache: SnapshotCache
  store?: SnapshotStore
  lock: RefreshLock
  config: Config['snapshot']
  /** What a figure must meet (the config's `figures`), and the figures each snapshot is watched for jumps by (see JumpWatch). */
  figurePolicy?: FigurePolicy
  figuresOf?: (priced: PricedState) => FigureDigest
  log: Logger
  metrics?: Metrics
  /** The event index: each snapshot carries its progress and the stakers it counts at the snapshot's block. */
  index?: IndexReader
  /** Where each history point's prices and vault totals are kept under its block (what a user's worth over time is valued with). */
  blockPrices?: BlockPriceStore
  /** Called with each snapshot taken anew (not one only confirmed current), once published. */
  onTaken?: (snapshot: ChainSnapshot) => void
  /**
   * Whether other processes follow the store for snapshots (api replicas on PostgreSQL without
   * Redis): then each snapshot is saved; else the store's copy is what a restart serves first, and
   * a chain's is saved at most every `config.saveIntervalSeconds` (and on stop).
   */
  storeIsFollowed?: boolean
}
