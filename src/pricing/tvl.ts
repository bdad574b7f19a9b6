import type { Address } from 'viem'
import { bridgeKey, type RewardPoolState } from '../chain-snapshot/index.js'
import type { PricedState } from './chainPrices.js'
import { usdValueOf } from './usdValueOf.js'

/** USD locked in one chain's products at one block; what could not be priced is named, not counted as 0. */
export interface ChainTvl {
  chainId: number
  blockNumber: bigint
  bridgeTvl: number
  poolTvl: number
  yieldTvl: number
  /** What each part could not count, by part. */
  warnings: Record<TvlPart, string[]>
}

export type TvlPart = 'bridgeTvl' | 'poolTvl' | 'yieldTvl'

/** One reward pool's USD value locked: per staking token, and the total. */
export interface PoolTvl {
  total: number
  byStakingToken: Record<Address, number>
  warnings: string[]
}

/** P6: the USD value staked in each staking pool of a reward pool (pools sharing a staking token are summed). */
export function rewardPoolTvl(priced: PricedState, pool: RewardPoolState): PoolTvl {
  const byStakingToken: Record<Address, number> = {}
  const warnings: string[] = []
  for (const staking of pool.stakingPools) {
    const value = usdValueOf(priced, staking.stakingToken, staking.totalStaked)
    if (value.ok) byStakingToken[staking.stakingToken] = (byStakingToken[staking.stakingToken] ?? 0) + value.usd
    else warnings.push(value.warning)
  }
  return { total: sum(Object.values(byStakingToken)), byStakingToken, warnings }
}

/** E1's parts for one chain: bridges (token balances they hold), reward pools (staked), vaults (want held). */
export function chainTvl(priced: PricedState): ChainTvl {
  const { state, registry } = priced
  const warnings: Record<TvlPart, string[]> = { bridgeTvl: [], poolTvl: [], yieldTvl: [] }
  const add = (part: TvlPart, values: ({ ok: true; usd: number } | { ok: false; warning: string })[]) =>
    sum(
      values.flatMap((value) => {
        if (value.ok) return [value.usd]
        warnings[part].push(value.warning)
        return []
      }),
    )
  const unreadable = (what: string, which: string) => ({ ok: false as const, warning: `chain ${state.chainId}: ${what} ${which} did not answer its reads` })

  const bridgeTvl = add(
    'bridgeTvl',
    registry.bridges.map((bridge) => {
      const balance = state.bridgeBalances.get(bridgeKey(bridge.address, bridge.token))
      return balance === undefined ? unreadable('bridge', `${bridge.address} (token ${bridge.token})`) : usdValueOf(priced, bridge.token, balance)
    }),
  )
  let poolTvl = 0
  for (const [address, pool] of state.rewardPools) {
    if (!pool) {
      warnings.poolTvl.push(unreadable('reward pool', address).warning)
      continue
    }
    const tvl = rewardPoolTvl(priced, pool)
    poolTvl += tvl.total
    warnings.poolTvl.push(...tvl.warnings)
  }
  const yieldTvl = add(
    'yieldTvl',
    [...registry.vaults.values()].map((vault) => {
      const held = state.vaultWant.get(vault.address)
      return held === undefined ? unreadable('vault', vault.address) : usdValueOf(priced, vault.want, held)
    }),
  )
  return { chainId: state.chainId, blockNumber: state.blockNumber, bridgeTvl, poolTvl, yieldTvl, warnings }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
