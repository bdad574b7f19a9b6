import type { Abi } from 'viem'
import { beefyVaultAbi, erc4626VaultAbi, resetApproveTokenAbi, rewardPoolAbi, strategyFarmAbi, uniswapV2ZapAbi } from '../../contracts/artifacts/index.js'

/**
 * Every custom error the served contracts can raise (vaults, strategies, zaps, reward pools and
 * the OpenZeppelin token errors they bubble up), so one decoder names any revert.
 */
export const errorsAbi: Abi = dedupe([beefyVaultAbi, erc4626VaultAbi, rewardPoolAbi, strategyFarmAbi, uniswapV2ZapAbi, resetApproveTokenAbi])

type AbiError = Extract<Abi[number], { type: 'error' }>

function dedupe(abis: readonly Abi[]): Abi {
  const bySignature = new Map<string, AbiError>()
  for (const abi of abis)
    for (const item of abi) if (item.type === 'error') bySignature.set(`${item.name}(${item.inputs.map((input) => input.type).join(',')})`, item)
  return [...bySignature.values()]
}
