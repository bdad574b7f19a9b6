import type { Logger } from 'pino'
import { hexToBigInt, type Address, type Hex } from 'viem'
import type { ChainClient, FactCache } from '../chain/index.js'
import { stateDifferences, type ChainState, type StateDifference, type StrategyState } from '../chain-snapshot/index.js'
import {
  addNamed,
  advanceState,
  alwaysRead,
  keysOf,
  minus,
  readChainState,
  readChangedState,
  staticFactsOf,
  union,
  watchListOf,
  type NamingLog,
  type WatchList,
  type ReadChainStateOptions,
} from '../chain-state/index.js'
import type { Metrics } from '../metrics/index.js'
import type { ChainRegistry } from '../registry/index.js'
import { CallRewardPoints } from './CallRewardPoints.js'
import { RollingAudit } from './RollingAudit.js'

/** Past this many blocks since the state it follows, a new block's state is read in full: its logs would be a large answer. */
const MAX_FOLLOWED_BLOCKS = 64n
/** How long a chain whose nodes refused a block's logs is read in full before they are asked again, ms. */
const REFUSED_BACKOFF_MS = 60_000
/** Differences a full read logs one by one; the rest are counted only. */
const LOGGED_DIFFERENCES = 20

/** What the follower knows of a chain: its last state, that block's hash, where its audit is, and its call rewards' last reads. */
interface Followed {
  state: ChainState
  hash: Hex
  audit: RollingAudit
  callRewards: CallRewardPoints
}

export interface ChangeFollowerOptions {
  /** Seconds of chain time over which every contract is read again (the full read, spread); 0 reads every block in full. */
  fullReadSeconds: number
  log: Logger
  metrics?: Metrics
}

/** A chain's state read for a snapshot, and whether the chain went back since the last one. */
export type FollowOptions = ReadChainStateOptions & { rewound?: boolean }

/**
 * Reads each new block's state from what changed in it. After a first full read, a new block
 * costs two round trips: its logs and header, then one Multicall3 pass over the feeds, the
 * bridges, the contracts its logs name (see addNamed), those that change without logging it (see
 * alwaysRead) and the block's slice of the full read (see RollingAudit); the rest of the state is
 * the last one's, with each strategy's call reward extrapolated (see CallRewardPoints). The full
 * read is spread over `fullReadSeconds` of chain time: every contract is read again once within
 * it, and what a contract no log named reads differently from the state it replaces (a change
 * without a log) is logged with its contract and field, counted (`snapshot_drift_total`), and
 * served from then on. The whole state is read at once on doubt: a first read, a rollback, a gap
 * of more than MAX_FOLLOWED_BLOCKS, the last block no longer the chain's (a reorg), a pool whose
 * lists changed, nodes that refuse the logs.
 */
export class ChangeFollower {
  private readonly followed = new Map<number, Followed>()
  /** Per chain, until when (ms since the epoch) its state is read in full because its nodes refused a block's logs. */
  private readonly refusedUntil = new Map<number, number>()

  constructor(private readonly options: ChangeFollowerOptions) {}

  async read(chain: ChainClient, registry: ChainRegistry, facts: FactCache, options: FollowOptions): Promise<ChainState> {
    const { head } = options
    const last = this.followed.get(chain.chainId)
    if (head === undefined || this.options.fullReadSeconds === 0) return this.full(chain, registry, facts, options, 'no head given')
    if (!last) return this.full(chain, registry, facts, options, 'first read')
    if (options.rewound || head < last.state.blockNumber) return this.full(chain, registry, facts, options, 'rollback')
    if (head === last.state.blockNumber) {
      options.onBlock?.({ blockNumber: head, timestamp: last.state.timestamp })
      // A state of its own: what answers keep per state (priced states, built answers) is made again for this snapshot.
      return { ...last.state }
    }
    if (head - last.state.blockNumber > MAX_FOLLOWED_BLOCKS) return this.full(chain, registry, facts, options, 'gap')
    if (Date.now() < (this.refusedUntil.get(chain.chainId) ?? 0)) return this.full(chain, registry, facts, options, 'logs refused')
    let logs: NamingLog[]
    let header: Header | undefined
    try {
      ;[logs, header] = await Promise.all([logsBetween(chain, last.state.blockNumber + 1n, head), headerOf(chain, head)])
    } catch (error) {
      // A node that refuses a block's logs (a provider's limits, an outage): read in full for a while, as before following changes.
      this.refusedUntil.set(chain.chainId, Date.now() + REFUSED_BACKOFF_MS)
      this.options.log.warn({ chain: chain.chainId, err: error }, "a new block's logs were refused: its state is read in full for a minute")
      return this.full(chain, registry, facts, options, 'logs refused')
    }
    if (!header) return this.full(chain, registry, facts, options, 'no header')
    options.onBlock?.({ blockNumber: head, timestamp: header.timestamp })
    const told = { ...options, onBlock: undefined }
    const named = addNamed(alwaysRead(registry), logs, watchListOfCached(registry, (await staticFactsOf(chain, registry, facts)).farms))
    const audited = last.audit.next(registry, header.timestamp - last.state.timestamp, this.options.fullReadSeconds)
    const read = await readChangedState(chain, registry, facts, union(named, audited), head, { blockNumber: last.state.blockNumber, hash: last.hash })
    if ('doubt' in read) return this.full(chain, registry, facts, told, 'doubt', read.doubt)
    const extrapolate = (strategy: Address, held: StrategyState) => last.callRewards.extrapolated(strategy, held, read.values.timestamp)
    const state = advanceState(last.state, read.values, extrapolate)
    // What the audit alone read again must equal the last state's entries (a strategy's call reward extrapolated): only those are compared.
    const unnamed = minus(audited, named)
    const held = new Map(
      [...unnamed.strategies].flatMap((strategy) => {
        const was = last.state.strategies?.get(strategy)
        return was ? [[strategy, extrapolate(strategy, was)] as const] : []
      }),
    )
    this.report(stateDifferences({ ...last.state, strategies: held }, state, keysOf(unnamed)), state)
    last.callRewards.read(read.values)
    this.followed.set(chain.chainId, { ...last, state, hash: header.hash })
    this.count(chain.chainId, 'changes', '')
    return state
  }

  /** The whole state at `options.head`, which a new audit starts from. */
  private async full(
    chain: ChainClient,
    registry: ChainRegistry,
    facts: FactCache,
    options: FollowOptions,
    reason: string,
    detail?: string,
  ): Promise<ChainState> {
    if (detail) this.options.log.info({ chain: chain.chainId, block: options.head?.toString(), doubt: detail }, 'the state is read in full')
    const { head } = options
    const [state, header] = await Promise.all([readChainState(chain, registry, facts, options), head === undefined ? undefined : headerOf(chain, head)])
    this.count(chain.chainId, 'full', reason)
    if (!header || header.number !== state.blockNumber) {
      this.followed.delete(chain.chainId)
      return state
    }
    const callRewards = this.followed.get(chain.chainId)?.callRewards ?? new CallRewardPoints()
    callRewards.read(state)
    this.followed.set(chain.chainId, { state, hash: header.hash, audit: new RollingAudit(), callRewards })
    return state
  }

  /** Logs and counts the values the audit found changed that no log had named. */
  private report(differences: StateDifference[], state: ChainState): void {
    for (const [index, difference] of differences.entries()) {
      this.options.metrics?.snapshotDrift.inc({ chain: String(state.chainId), field: difference.field })
      if (index < LOGGED_DIFFERENCES)
        this.options.log.warn(
          { chain: state.chainId, block: state.blockNumber.toString(), ...difference },
          'a full read found a change no log named: mark the contract changesWithoutEvents in the registry if this repeats',
        )
    }
  }

  private count(chainId: number, kind: 'full' | 'changes', reason: string): void {
    this.options.metrics?.snapshotReads.inc({ chain: String(chainId), kind, reason })
  }
}

interface Header {
  number: bigint
  hash: Hex
  timestamp: number
}

async function headerOf(chain: ChainClient, blockNumber: bigint): Promise<Header | undefined> {
  const block = (await chain.request({ method: 'eth_getBlockByNumber', params: [`0x${blockNumber.toString(16)}`, false] })) as {
    number: Hex
    hash: Hex
    timestamp: Hex
  } | null
  return block ? { number: hexToBigInt(block.number), hash: block.hash, timestamp: Number(hexToBigInt(block.timestamp)) } : undefined
}

/** Every log of blocks `from` to `to`, whoever emitted it: a log names a contract by its emitter or by an address in its topics and data. */
async function logsBetween(chain: ChainClient, from: bigint, to: bigint): Promise<NamingLog[]> {
  return (await chain.request({ method: 'eth_getLogs', params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }] })) as NamingLog[]
}

/** Each registry's watch list, made again only when its strategies' farms are learnt anew. */
const watchLists = new WeakMap<ChainRegistry, { farms: ReadonlyMap<Address, Address | undefined>; list: WatchList }>()

function watchListOfCached(registry: ChainRegistry, farms: ReadonlyMap<Address, Address | undefined>): WatchList {
  const known = watchLists.get(registry)
  if (known?.farms === farms) return known.list
  const list = watchListOf(registry, farms)
  watchLists.set(registry, { farms, list })
  return list
}
