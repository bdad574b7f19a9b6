import type { Address, PublicClient } from 'viem'
import { rewardPoolAbi } from '../contracts/artifacts/index.js'
import type { ChainRegistry } from '../src/registry/index.js'
import { publicClientFor } from './devnet.js'
import { pricesFromChain } from './pricesFromChain.js'

/**
 * The test's own APR (percent) of every staking pool of `pool` at `blockNumber`, from raw reads
 * (reward per block, allocation points, total staked) and its own prices, with `blockTimeSeconds`
 * seconds per block: none of the service's APR code.
 */
export async function aprsFromChain(
  chainId: number,
  registry: ChainRegistry,
  input: { pool: Address; blockNumber: bigint; blockTimeSeconds: number; client?: PublicClient },
): Promise<number[]> {
  const { pool, blockNumber, blockTimeSeconds } = input
  const client = input.client ?? (publicClientFor(chainId) as PublicClient)
  const { price, value, decimals } = pricesFromChain(chainId, registry, blockNumber, client)
  const read = <const name extends 'rewardTokens' | 'rewardPerBlock' | 'totalAllocPoint' | 'poolLength'>(functionName: name) =>
    client.readContract({ address: pool, abi: rewardPoolAbi, functionName, blockNumber })
  const [rewardTokens, rewardPerBlock, totalAllocPoint, length] = await Promise.all([
    read('rewardTokens'),
    read('rewardPerBlock'),
    read('totalAllocPoint'),
    read('poolLength'),
  ])
  let usdPerBlock = 0
  for (const [index, token] of rewardTokens.entries()) usdPerBlock += (Number(rewardPerBlock[index]) / 10 ** (await decimals(token))) * (await price(token))
  const aprs: number[] = []
  for (let pid = 0n; pid < length; pid++) {
    const [stakingToken, allocPoint, , , totalStaked] = await client.readContract({
      address: pool,
      abi: rewardPoolAbi,
      functionName: 'poolInfo',
      args: [pid],
      blockNumber,
    })
    const yearly = usdPerBlock * (Number(allocPoint) / Number(totalAllocPoint)) * (31_536_000 / blockTimeSeconds)
    aprs.push((yearly / (await value(stakingToken, totalStaked))) * 100)
  }
  return aprs
}
