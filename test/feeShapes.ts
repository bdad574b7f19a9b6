import { type Address, parseAbi } from 'viem'
import { devnetChain } from './devnet.js'

/**
 * Beefy's fee reads as its public sources declare them (beefy-contracts: IFeeConfig.sol,
 * StratFeeManager.sol at 12307dce, the archived 2021 FeeManager.sol), written here from those
 * sources and not from our artifacts, so a devnet contract that encodes otherwise is caught.
 */
export const beefyFeeAbi = parseAbi([
  'struct FeeCategory { uint256 total; uint256 beefy; uint256 call; uint256 strategist; string label; bool active; }',
  'struct AllFees { FeeCategory performance; uint256 deposit; uint256 withdraw; }',
  'function getAllFees() view returns (AllFees)',
  'function getFees() view returns (FeeCategory)',
  'function withdrawalFee() view returns (uint256)',
  'function WITHDRAWAL_MAX() view returns (uint256)',
  'function callFee() view returns (uint256)',
  'function beefyFee() view returns (uint256)',
  'function STRATEGIST_FEE() view returns (uint256)',
  'function MAX_FEE() view returns (uint256)',
  'function totalFee() view returns (uint256)',
])

/**
 * The strategy of the devnet's Beefy W/USDC vault on `chainId`, the vault whose strategy reports
 * its fees in one of Beefy's earlier shapes: 2022's getFees() on 56, 2021's FeeManager with
 * totalFee() on 1 and without it on 43114 (src/devnet/deployVaults.ts).
 */
export function earlierShapeVault(chainId: number): { address: Address; strategy: Address; performanceFee?: number } {
  const chain = devnetChain(chainId)
  const pair = chain.pairs.find((candidate) => [candidate.token0, candidate.token1].sort().join() === [chain.wrappedNative, chain.tokens.USDC].sort().join())!
  const vault = chain.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.want === pair.address)!
  return { address: vault.address, strategy: vault.strategy!, ...(vault.performanceFee !== undefined && { performanceFee: vault.performanceFee }) }
}

/** The strategy of another devnet Beefy vault, one reporting its fees by getAllFees(). */
export function currentShapeStrategy(chainId: number): Address {
  const { strategy } = earlierShapeVault(chainId)
  return devnetChain(chainId).vaults.find((vault) => vault.kind === 'beefy' && vault.strategy && vault.strategy !== strategy)!.strategy!
}
