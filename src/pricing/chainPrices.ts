import type { Address } from 'viem'
import type { BlockTime } from '../block-time/index.js'
import type { ApyBase, ChainState, FigureJump, SnapshotIndex, StrategyFees } from '../chain-snapshot/index.js'
import type { ChainRegistry } from '../registry/index.js'
import { perSecondInBlocks } from './perSecondInBlocks.js'
import { resolvePrices, type FigurePolicy, type TokenPrice } from './resolvePrices.js'

/** What a priced state carries besides the chain state: when it was read, and what a snapshot adds. */
export interface StateContext {
  /** When the state was read (ms since the epoch): the answer's age. */
  takenAt: number
  /** Seconds per block for APRs and durations; undefined while an unknown chain has none. */
  blockTime?: BlockTime | undefined
  /** Ended pools' completedAPR (pool → pid → APR), when a snapshot carries them. */
  completedApr?: Record<Address, Record<string, string>>
  /** Why an ended pool's completedAPR is `{}` (pool → note), when a snapshot says. */
  completedAprNotes?: Record<Address, string>
  /** The event index's counts at the state's block (stakers per staking pool), when a snapshot carries them. */
  index?: SnapshotIndex
  /** Each vault's price per share one APY window back, when a snapshot carries them. */
  apyBases?: Record<string, ApyBase>
  /** Each strategy's fees as its refresher last read them (every few blocks), when a snapshot carries them. */
  strategyFees?: Map<Address, StrategyFees | undefined>
  /** What a figure must meet to be served unflagged, or a price at all; DEFAULT_FIGURE_POLICY when left out. */
  figurePolicy?: FigurePolicy
  /** Figures that moved more than 5× within 6 hours, when a snapshot carries them (see figureKey). */
  jumps?: Record<string, FigureJump>
}

/** A chain's state with the USD price of every registered token and LP pair at that block. */
export interface PricedState extends StateContext {
  state: ChainState
  registry: ChainRegistry
  prices: Map<Address, TokenPrice>
  /** Decimals of a token: the registry's when it gives them, else the chain's. */
  decimals: (token: Address) => number | undefined
}

/**
 * Prices a chain state along the registry's routes. Pools paying per second get their per-block
 * fields here, from the context's block time (perSecondInBlocks): the state is read without one,
 * and everything downstream (APRs, E2, completedAPR) then reads every family in blocks. Pure: no RPC.
 */
export function chainPrices(registry: ChainRegistry, state: ChainState, context: StateContext = { takenAt: Date.now() }): PricedState {
  const decimals = (token: Address) => registry.tokens.get(token)?.decimals ?? state.tokens.get(token)?.decimals
  const prices = resolvePrices(registry, { timestamp: state.timestamp, decimals, feeds: state.feeds, pairs: state.pairs }, context.figurePolicy)
  return { state: inBlocks(state, context.blockTime?.seconds), registry, prices, decimals, ...context }
}

/** `state` with its per-second pools in blocks; `state` itself when it has none (walked by forEach: no entry or iterator result per pool). */
function inBlocks(state: ChainState, blockTimeSeconds: number | undefined): ChainState {
  if (blockTimeSeconds === undefined) return state
  let perSecond = false
  state.rewardPools.forEach((pool) => {
    perSecond ||= Boolean(pool?.perSecond)
  })
  if (!perSecond) return state
  const rewardPools: ChainState['rewardPools'] = new Map()
  state.rewardPools.forEach((pool, address) => {
    rewardPools.set(address, pool && perSecondInBlocks(pool, state, blockTimeSeconds))
  })
  return { ...state, rewardPools }
}
