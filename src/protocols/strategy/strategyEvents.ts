import { type Address, parseAbi } from 'viem'
import { strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { eventDecoder, eventDecoders, figures } from '../events/index.js'

/**
 * Beefy's harvest event (`StratHarvest`, emitted by its strategies since 2021): Beefy's sources
 * are not compiled here, so its one signature is written as viem's human-readable ABI.
 */
const beefyHarvestAbi = parseAbi(['event StratHarvest(address indexed harvester, uint256 wantHarvested, uint256 tvl)'])

/**
 * A strategy's harvests, whoever called them: the reference strategy's `Harvested` (`amount` is
 * the want it added; the reward sold and the caller's fee, wrapped native wei, in `detail`) and
 * Beefy's `StratHarvest` (`amount` is the want harvested, the strategy's TVL after it in `detail`).
 */
export const strategyEvents = eventDecoders(
  eventDecoder(strategyFarmAbi, {
    Harvested: (args) => ({ action: 'harvest', account: args.caller as Address, amount: args.wantAdded as bigint, detail: figures(args, 'reward', 'callFee') }),
  }),
  eventDecoder(beefyHarvestAbi, {
    StratHarvest: (args) => ({ action: 'harvest', account: args.harvester as Address, amount: args.wantHarvested as bigint, detail: figures(args, 'tvl') }),
  }),
)
