import { erc20Abi, getAddress, type Address } from 'viem'
import type { ServiceContext } from '../context.js'
import { AppError, invalidField } from '../errors/index.js'
import { encodeZapIn, encodeZapInNative, estimateSwapRead, minimumOutput } from '../protocols/index.js'
import type { TxDescriptor } from '../schema/index.js'
import { buildTx, readForAction } from '../tx/index.js'
import { resolveVault, type VaultTarget } from './resolveVault.js'

export interface ZapInInput {
  vault: string
  user: string
  chainId: number
  /** Amount of the input token (or native coin), lowest denomination. */
  tokenInAmount: bigint
  yieldZapAddress: string
  /** Percent, 0 < slippage ≤ 50. */
  slippage: number
  /** Y3 only: the input token; default the zap's registered input token. */
  tokenIn?: string
  /** Y4: the input is the native coin sent as value. */
  native: boolean
}

/**
 * Y3 zap-in / Y4 zap-in-bnb: `beefIn` (approving the input token to the zap when needed) or
 * `beefInETH` with `value` = tokenInAmount. The minimum output is the zap's own `estimateSwap`
 * less the slippage, read in the same batch as the allowance.
 */
export async function buildZapInTx(ctx: ServiceContext, input: ZapInInput): Promise<{ tx: TxDescriptor; blockNumber: bigint }> {
  if (input.native && input.tokenIn !== undefined)
    throw invalidField('/body/tokenIn', 'is not used by zap-in-bnb: its input is the native coin sent as value')
  const target = resolveVault(ctx, input.chainId, input.vault)
  const { chain, vault } = target
  const user = getAddress(input.user)
  const zap = registeredZap(target, input.yieldZapAddress, input.chainId)
  const tokenIn = getAddress(input.native ? chain.config.wrappedNative : (input.tokenIn ?? zap.defaultTokenIn))
  const action = input.native ? 'zap-in-bnb' : 'zap-in'
  const { values, blockNumber } = await readForAction(chain, action, [
    estimateSwapRead(zap.address, vault.address, tokenIn, input.tokenInAmount),
    { address: tokenIn, abi: erc20Abi, functionName: 'allowance', args: [user, zap.address] },
  ])
  const [[, swapAmountOut], allowance] = values
  const minOut = minimumOutput(swapAmountOut, input.slippage)
  const tx = await buildTx(
    input.native
      ? { chain, from: user, to: zap.address, data: encodeZapInNative(vault.address, minOut), value: input.tokenInAmount, action }
      : {
          chain,
          from: user,
          to: zap.address,
          data: encodeZapIn(vault.address, minOut, tokenIn, input.tokenInAmount),
          action,
          allowance: { token: tokenIn, spender: zap.address, amount: input.tokenInAmount, current: allowance },
        },
    ctx.config.gasMargin,
  )
  return { tx, blockNumber }
}

/** The zap, if registered for this vault: 404 when the chain knows no such zap, 400 when it serves another vault. */
function registeredZap(target: VaultTarget, address: string, chainId: number): { address: Address; defaultTokenIn: string } {
  const zapAddress = getAddress(address)
  const zap = target.vault.zaps?.find((candidate) => getAddress(candidate.address) === zapAddress)
  if (zap) return { address: zapAddress, defaultTokenIn: zap.defaultTokenIn }
  const knownElsewhere = [...target.registry.vaults.values()].some((vault) => vault.zaps?.some((candidate) => getAddress(candidate.address) === zapAddress))
  if (knownElsewhere)
    throw new AppError({
      code: 'ZAP_NOT_FOUND',
      status: 400,
      detail: `zap ${zapAddress} is not registered for vault ${target.vault.address} on chain ${chainId}`,
      errors: [{ path: '/body/yieldZapAddress', message: `is not a zap of vault ${target.vault.address}` }],
    })
  throw new AppError({ code: 'ZAP_NOT_FOUND', status: 404, detail: `no zap ${zapAddress} is registered on chain ${chainId}`, meta: { chainId } })
}
