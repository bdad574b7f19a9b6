import type { Address } from 'viem'
import type { FarmState, RewardPoolState } from '../protocols/index.js'

export type { FarmState, RewardPoolState, StakingPoolState } from '../protocols/index.js'

/** What a token says of itself on chain; a field it does not answer stays undefined. */
export interface TokenFacts {
  name?: string
  symbol?: string
  decimals?: number
}

/** Everything the aggregate endpoints need of one chain, read at one block. Undefined = the read failed. */
export interface ChainState {
  chainId: number
  blockNumber: bigint
  /** Block timestamp, seconds. */
  timestamp: number
  tokens: Map<Address, TokenFacts>
  feeds: Map<Address, { answer: bigint; updatedAt: bigint; decimals: number } | undefined>
  pairs: Map<Address, { reserve0: bigint; reserve1: bigint; totalSupply: bigint } | undefined>
  /** Want each vault holds for its depositors (Beefy `balance()`, ERC-4626 `totalAssets()`), want wei. */
  vaultWant: Map<Address, bigint | undefined>
  /** Each vault's share supply (`totalSupply()`); absent in snapshots older than this field. */
  vaultSupply?: Map<Address, bigint | undefined>
  /**
   * Token wei each registered bridge holds of its token, keyed by `bridgeKey(bridge, token)`: one
   * bridge contract may lock several tokens, each its own registry entry.
   */
  bridgeBalances: Map<string, bigint | undefined>
  rewardPools: Map<Address, RewardPoolState | undefined>
  /** What each vault of a family with a deposit limit (ERC-4626 `maxDeposit`) takes more, want wei; 0 = closed to deposits. Absent in older snapshots. */
  vaultDepositLimit?: Map<Address, bigint | undefined>
  /** Want each vault without a registered strategy holds in its own contract (`balanceOf(vault)`), want wei: all of vaultWant when nothing is invested. Absent in older snapshots. */
  vaultHeld?: Map<Address, bigint | undefined>
  /** Each registered strategy's next call reward (wrapped native wei) and last harvest (seconds); absent in snapshots older than this field. */
  strategies?: Map<Address, StrategyState>
}

/** What a strategy says of its harvest; undefined = the read failed. */
export interface StrategyState {
  callReward: bigint | undefined
  /**
   * Set when `callReward` was not read at the state's block but extrapolated to it: the block of
   * its last read. It then grows at the rate between its last two reads (no harvest between), or
   * stays as read until there are two. Absent when read at the state's block.
   */
  callRewardReadAt?: bigint
  lastHarvest: bigint | undefined
  /** `paused()`: no deposits and no harvests; undefined for a strategy without it (or a failed read). Absent in snapshots older than this field. */
  paused?: boolean | undefined
  /** The farm its want is staked in, as it pays at this block; undefined when the strategy names none (no `farm()`) or a read failed. */
  farm?: FarmState | undefined
}

/** The key of a bridge's balance of one token in `ChainState.bridgeBalances`. */
export function bridgeKey(bridge: Address, token: Address): string {
  return `${bridge}/${token}`
}
