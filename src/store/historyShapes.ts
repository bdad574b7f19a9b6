import type { Address } from 'viem'

/** One point of history: a chain's TVL parts and every staking pool's APR at a block. */
export interface HistoryEntry {
  chainId: number
  blockNumber: bigint
  /** ms since the epoch */
  takenAt: number
  tvl: { bridgeTvl: number; poolTvl: number; yieldTvl: number }
  aprs: { pool: Address; pid: number; apr: number }[]
  /** Each vault's price per share (want per share, scaled by 1e18). */
  vaults?: { vault: Address; pricePerShare: bigint }[]
  /** Each LP pair vaults take: its reserves and supply (a trading APR's window base). */
  pairs?: { pair: Address; reserve0: bigint; reserve1: bigint; totalSupply: bigint }[]
  /** The block's timestamp, seconds (chain time). */
  blockTime?: number
}

/** A vault's price per share at a recorded block. */
export interface PricePerSharePoint {
  blockNumber: bigint
  takenAt: number
  pricePerShare: bigint
  /** The block's timestamp, seconds; points recorded before it was kept have takenAt's. */
  blockTime: number
}

/** A chain's TVL parts at a recorded block. */
export interface TvlPoint {
  chainId: number
  blockNumber: bigint
  takenAt: number
  bridgeTvl: number
  poolTvl: number
  yieldTvl: number
}

/** A staking pool's APR at a recorded block. */
export interface AprPoint {
  pool: Address
  pid: number
  blockNumber: bigint
  takenAt: number
  apr: number
}
