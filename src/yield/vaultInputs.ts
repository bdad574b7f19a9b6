import type { Address } from 'viem'
import type { PairPoint } from '../chain-snapshot/index.js'
import { APY_WINDOWS, type ApyWindow, priceEntry, type PricedState } from '../pricing/index.js'
import type { RegisteredVault } from '../registry/index.js'
import type { VaultInputs, VaultListing } from '../schema/index.js'

/**
 * What `entry` (the vault's `/vaults` entry at the priced state) is computed from: its want and
 * supply, the want's and reward's prices with their sources, the price per share at each APY
 * window's base block, the farm's rate and stake, the harvests counted, and an LP want's reserves
 * now and at the trading base. Pure: no RPC.
 */
export function vaultInputs(priced: PricedState, vault: RegisteredVault, entry: VaultListing): VaultInputs {
  const { state } = priced
  const text = (value: bigint | undefined) => (value === undefined ? null : value.toString())
  const pricePerShareAt: VaultInputs['pricePerShareAt'] = {}
  for (const window of Object.keys(APY_WINDOWS) as ApyWindow[]) {
    const base = priced.apyBases?.[window]?.vaults[vault.address]
    pricePerShareAt[window] = base
      ? { blockNumber: base.blockNumber.toString(), timestamp: base.timestamp, pricePerShare: base.pricePerShare.toString(), source: base.source }
      : null
  }
  const farm = vault.strategy ? state.strategies?.get(vault.strategy)?.farm : undefined
  const counted = vault.strategy ? priced.index?.compoundings?.counts[vault.strategy] : undefined
  return {
    blockNumber: state.blockNumber.toString(),
    timestamp: state.timestamp,
    totalWant: text(state.vaultWant.get(vault.address)),
    totalSupply: text(state.vaultSupply?.get(vault.address)),
    wantPrice: priceEntry(priced, vault.want),
    pricePerShareAt,
    farm: farm
      ? {
          address: farm.address,
          rewardToken: farm.rewardToken,
          rewardPerSecond: farm.rewardPerSecond.toString(),
          totalStaked: farm.totalStaked.toString(),
          rewardReserve: farm.rewardReserve.toString(),
          rewardPrice: priceEntry(priced, farm.rewardToken),
        }
      : null,
    rewardDecimals: (farm && priced.decimals(farm.rewardToken)) ?? null,
    harvests: counted ? { count: counted.harvests, spanSeconds: counted.spanSeconds } : null,
    pair: pairInputs(priced, vault.want, entry.apyBreakdown?.tradingAprFrom?.window),
  }
}

function pairInputs(priced: PricedState, want: Address, window: string | undefined): VaultInputs['pair'] {
  const now = priced.state.pairs.get(want)
  if (!priced.registry.lpPairs.has(want) || !now) return null
  const base = window ? priced.apyBases?.[window]?.pairs?.[want] : undefined
  const read = (point: Omit<PairPoint, 'blockNumber' | 'timestamp'>, blockNumber: bigint, timestamp: number) => ({
    blockNumber: blockNumber.toString(),
    timestamp,
    reserve0: point.reserve0.toString(),
    reserve1: point.reserve1.toString(),
    totalSupply: point.totalSupply.toString(),
  })
  return { now: read(now, priced.state.blockNumber, priced.state.timestamp), base: base ? read(base, base.blockNumber, base.timestamp) : null }
}
