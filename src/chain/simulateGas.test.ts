import { decodeFunctionResult, encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { multicall3Abi } from '../../contracts/artifacts/index.js'
import { atQuietHead, devnet } from '../../test/devnet.js'
import { devnetChains } from '../devnet/index.js'
import { createChainClients, MULTICALL3_ADDRESS, type ChainClient } from './createChainClients.js'
import { simulateCalls } from './simulateGas.js'

const CHAIN = 56

/**
 * A sent transaction is mined in a block after the head: gas measured `afterHead` meets such a
 * block (anvil runs a simulation's first block in the head's own number and second, where a farm
 * that settles by time has nothing to settle).
 */
describe('simulateCalls', () => {
  let chain: ChainClient
  beforeAll(() => {
    chain = createChainClients(
      devnetChains(devnet()).filter((config) => config.chainId === CHAIN),
      { timeoutMs: 5_000, retryCount: 0 },
    ).get(CHAIN)!
  })

  const blockSeen = async (afterHead: boolean) => {
    const call = (functionName: 'getBlockNumber' | 'getCurrentBlockTimestamp') => ({
      to: MULTICALL3_ADDRESS,
      data: encodeFunctionData({ abi: multicall3Abi, functionName }),
      value: 0n,
    })
    const [[number, timestamp]] = (await simulateCalls(chain, MULTICALL3_ADDRESS, [[call('getBlockNumber'), call('getCurrentBlockTimestamp')]], {
      afterHead,
    })) as unknown as [[{ returnData: `0x${string}`; stateBlock?: bigint }, { returnData: `0x${string}` }]]
    return {
      number: decodeFunctionResult({ abi: multicall3Abi, functionName: 'getBlockNumber', data: number.returnData }),
      timestamp: decodeFunctionResult({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp', data: timestamp.returnData }),
      stateBlock: number.stateBlock,
    }
  }

  it('afterHead: the calls run in a block later than the head, in number and in time', async () => {
    const head = await chain.client.getBlock()
    const seen = await blockSeen(true)
    expect(seen.number).toBeGreaterThan(head.number)
    expect(seen.timestamp).toBeGreaterThan(head.timestamp)
  })

  it('the state block it names is the head the calls ran on (anvil numbers the first simulated block as the head, the spec as the next)', async () => {
    for (const afterHead of [false, true]) {
      const { result: seen, head } = await atQuietHead(chain.client, () => blockSeen(afterHead))
      expect(seen.stateBlock).toBe(head)
      // The calls run in a block no earlier than that state's.
      expect(seen.stateBlock! <= seen.number).toBe(true)
    }
  })
})
