/** The shapes of the API answers the page reads (only the fields it shows). */
export type Json = Record<string, unknown>
/** A flag the service puts on a figure it serves (see FlagSchema). */
export interface Flag {
  field: string
  kind: string
  detail: string
}
export interface ChainStatus {
  chainId: number
  head: string | null
  snapshotBlock: string | null
  snapshotAgeSeconds: number | null
  stale: boolean
  ready: boolean
}
export interface Pool {
  address: string
  name?: string
  completedAPR: Record<string, string>
  completedAPRNote?: string
  tvl: number
  tvlWarnings?: string[]
  flags?: Flag[]
  chaindata: {
    endBlock: string
    stakingPools: {
      pid: number
      stakingToken: string
      apr: number
      aprNote?: string
      totalStaked: string
      depositCap: string
      participants: string
      participantsNote?: string
    }[]
  }
}
export interface Vault {
  address: string
  chainId: number
  kind: string
  name: string
  want: string
  tvl: number | null
  lastHarvest: number | null
  idle: boolean
  zaps: { address: string }[]
  fees: { performance: { total: number }; withdraw: number; deposit: number } | null
  apyBreakdown: {
    farmApr: number
    vaultApr: number
    compoundingsPerYear: number
    performanceFee: number
    vaultApy: number
    tradingApr: number | null
    totalApy: number | null
  } | null
  apy: Record<'1d' | '7d' | '30d', number | null>
  notes?: string[]
  flags?: Flag[]
}
export interface Harvest {
  strategy: string
  vault: string
  netProfitUsd: number | null
  profitable: boolean
}
