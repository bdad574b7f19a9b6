import type { Address } from 'viem'
import type { Sender } from './sender.js'
import type { ChainSpec } from './specs.js'

/** A deployed ERC20 with what the seeding needs to size amounts. */
export type DeployedToken = { symbol: string; address: Address; decimals: number; price: bigint }

/** A deployed pair; `lpSupply` is the LP (wei) its first liquidity minted to the deployer. */
export type DeployedPair = { key: string; address: Address; token0: Address; token1: Address; lpSupply: bigint }

/** State shared by the deployment steps of one chain. */
export type ChainContext = {
  spec: ChainSpec
  tx: Sender
  deployer: Address
  /** Receives reward-pool protocol fees and withdraw penalties. */
  feeManager: Address
  /** Receives the strategies' harvest fees (minus the call reward). */
  treasury: Address
  devAccounts: Address[]
  /** By symbol; 'W' is the wrapped native. */
  tokens: Map<string, DeployedToken>
  pairs: Map<string, DeployedPair>
  router: Address
}

export function token(ctx: ChainContext, symbol: string): DeployedToken {
  const t = ctx.tokens.get(symbol)
  if (t === undefined) throw new Error(`devnet: unknown token ${symbol}`)
  return t
}

export function pair(ctx: ChainContext, key: string): DeployedPair {
  const p = ctx.pairs.get(key)
  if (p === undefined) throw new Error(`devnet: unknown pair ${key}`)
  return p
}

/** Share of an amount in basis points, for sizing seeded amounts. */
export function bps(amount: bigint, basisPoints: bigint): bigint {
  return (amount * basisPoints) / 10_000n
}
