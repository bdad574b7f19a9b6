import { getAbiItem, parseAbiItem } from 'viem'
import { strategyFarmAbi } from '../contracts/artifacts/index.js'

/**
 * Beefy's harvest event as its strategies declare it (beefy-contracts: StrategyCommonChefLP and
 * every strategy since 2021), written from those sources and not from our artifacts, so a devnet
 * stand-in that logs otherwise is caught.
 */
export const stratHarvestEvent = parseAbiItem('event StratHarvest(address indexed harvester, uint256 wantHarvested, uint256 tvl)')

/** Beefy's fee event (StratFeeManager's strategies, 2022 on), written from its sources as above. */
export const chargedFeesEvent = parseAbiItem('event ChargedFees(uint256 callFees, uint256 beefyFees, uint256 strategistFees)')

/** A devnet strategy's harvest logs: the reference strategy's `Harvested`, the Beefy stand-ins' `StratHarvest` (BeefyHarvestLog.sol). */
export const HARVEST_EVENTS = [getAbiItem({ abi: strategyFarmAbi, name: 'Harvested' }), stratHarvestEvent] as const

/** The want a harvest log says the harvest made: `wantAdded` of Harvested, `wantHarvested` of StratHarvest. */
export function wantOfHarvest(
  log: { eventName: 'Harvested'; args: { wantAdded?: bigint } } | { eventName: 'StratHarvest'; args: { wantHarvested?: bigint } },
): bigint {
  return (log.eventName === 'Harvested' ? log.args.wantAdded : log.args.wantHarvested) ?? 0n
}
