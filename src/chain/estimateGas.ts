import { hexToBigInt, numberToHex, type Address, type Hex } from 'viem'
import type { ChainClient } from './createChainClients.js'

/** Gas margin as an integer ratio over 10,000 so no float touches a gas amount. */
function marginBasisPoints(margin: number): bigint {
  return BigInt(Math.round(margin * 10_000))
}

/** `gas × margin`, rounded up. */
export function applyGasMargin(gas: bigint, margin: number): bigint {
  const bps = marginBasisPoints(margin)
  return (gas * bps + 9_999n) / 10_000n
}

/**
 * `eth_estimateGas` of a call from `from` in the pending block (or at `blockNumber`), without
 * margin: exactly what a wallet asks the node. Throws viem's error on a revert; callers turn it
 * into a 422 with `toAppError`.
 */
export async function estimateGas(chain: ChainClient, call: { from: Address; to: Address; data: Hex; value?: bigint; blockNumber?: bigint }): Promise<bigint> {
  // The JSON-RPC call itself, not viem's estimateGas action or even its request layer: a build
  // is little more than this call, and the action's formatting cost more CPU than the rest of it.
  const gas = (await chain.request({
    method: 'eth_estimateGas',
    params: [
      { from: call.from, to: call.to, data: call.data, value: numberToHex(call.value ?? 0n) },
      // The transaction runs in the next block: estimate there, so per-block accruals
      // (farm rewards, pool accumulators) that the latest block already settled are counted.
      call.blockNumber !== undefined ? numberToHex(call.blockNumber) : 'pending',
    ],
  })) as Hex
  return hexToBigInt(gas)
}

/** `estimateGas` with the safety margin applied. */
export async function estimateGasWithMargin(
  chain: ChainClient,
  call: { from: Address; to: Address; data: Hex; value?: bigint; blockNumber?: bigint },
  margin: number,
): Promise<bigint> {
  return applyGasMargin(await estimateGas(chain, call), margin)
}
