/** Demo universe per chain: which tokens exist, their decimals and their USD price (8 decimals). */

export type TokenSpec = {
  symbol: string
  name: string
  decimals: number
  /** USD price with 8 decimals, used for feeds and to size liquidity. */
  price: bigint
  /** `bytes32` deploys a Bytes32Token (legacy bytes32 name/symbol, like MKR). */
  kind: 'stable' | 'demo' | 'bytes32'
}

export type ChainSpec = {
  chainId: number
  native: { symbol: string; name: string; price: bigint; feed: string }
  tokens: TokenSpec[]
}

const usd = (dollars: number): bigint => BigInt(Math.round(dollars * 1e8))

/** Demo tokens shared by every chain: same tickers, so bridges pair up across chains. */
const demoTokens: TokenSpec[] = [
  { symbol: 'YLD', name: 'Yield Token', decimals: 18, price: usd(2), kind: 'demo' },
  { symbol: 'GOV', name: 'Governance Token', decimals: 18, price: usd(15), kind: 'demo' },
  { symbol: 'SAT', name: 'Satoshi Token', decimals: 8, price: usd(60_000), kind: 'demo' },
  { symbol: 'MKR', name: 'Maker', decimals: 18, price: usd(1_500), kind: 'bytes32' },
]

function stables(usdtDecimals: number): TokenSpec[] {
  return [
    { symbol: 'USDC', name: 'USD Coin', decimals: 6, price: usd(1), kind: 'stable' },
    { symbol: 'USDT', name: 'Tether USD', decimals: usdtDecimals, price: usd(1), kind: 'stable' },
    { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, price: usd(1), kind: 'stable' },
  ]
}

export const chainSpecs: ChainSpec[] = [
  {
    chainId: 1,
    native: { symbol: 'WETH', name: 'Wrapped Ether', price: usd(3_000), feed: 'ETH / USD' },
    tokens: [...stables(6), ...demoTokens],
  },
  {
    chainId: 56,
    native: { symbol: 'WBNB', name: 'Wrapped BNB', price: usd(600), feed: 'BNB / USD' },
    tokens: [...stables(18), ...demoTokens],
  },
  {
    chainId: 43114,
    native: { symbol: 'WAVAX', name: 'Wrapped AVAX', price: usd(35), feed: 'AVAX / USD' },
    tokens: [...stables(6), ...demoTokens],
  },
]

/** Feed heartbeats in seconds, as Chainlink publishes them for these kinds of assets. */
export const NATIVE_HEARTBEAT = 3_600
export const STABLE_HEARTBEAT = 86_400

/** USD on each side of a pair's first liquidity, unless PAIRS says otherwise. */
export const PAIR_SIDE_USD = 1_000_000n

/**
 * Pairs to create, by symbol ('W' is the wrapped native), with the USD on each side. YLD has two
 * pairs to priced tokens: the one to W is the deeper, so the deepest pair by USD liquidity
 * (`registry discover`'s rule) and the shortest route (devnetRegistry's) both price YLD through it.
 */
export const PAIRS: { tokens: [string, string]; sideUsd: bigint }[] = [
  { tokens: ['W', 'USDC'], sideUsd: PAIR_SIDE_USD },
  { tokens: ['W', 'USDT'], sideUsd: PAIR_SIDE_USD },
  { tokens: ['USDC', 'DAI'], sideUsd: PAIR_SIDE_USD },
  { tokens: ['YLD', 'W'], sideUsd: PAIR_SIDE_USD },
  { tokens: ['YLD', 'USDC'], sideUsd: PAIR_SIDE_USD / 2n },
  { tokens: ['GOV', 'W'], sideUsd: PAIR_SIDE_USD },
  { tokens: ['MKR', 'W'], sideUsd: PAIR_SIDE_USD },
  { tokens: ['SAT', 'W'], sideUsd: PAIR_SIDE_USD },
]

/** Amount (token wei) worth `dollars` USD at `price` (8 decimals). */
export function tokensForUsd(dollars: bigint, price: bigint, decimals: number): bigint {
  return (dollars * 10n ** BigInt(decimals) * 100_000_000n) / price
}
