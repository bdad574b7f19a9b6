import { toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainClients, type ChainClient } from '../chain/index.js'
import { startAnvil } from '../devnet/index.js'
import { blockAtTime } from './blockAtTime.js'

const DAY = 86_400

/**
 * A chain whose blocks came 6 hours apart for a month, then a minute apart for its last day (as
 * the devnet's past, or a chain that sped up): interpolation alone crawls through the dense part.
 */
describe('blockAtTime over blocks of uneven spacing', () => {
  let anvil: Awaited<ReturnType<typeof startAnvil>>
  let chain: ChainClient
  let headers = 0
  beforeAll(async () => {
    anvil = await startAnvil(31_911, 1, ['--timestamp', String(Math.floor(Date.now() / 1000) - 32 * DAY)])
    chain = createChainClients([{ chainId: 31_911, rpcUrls: [anvil.rpcUrl], wrappedNative: '0x0000000000000000000000000000000000000001' }], {
      timeoutMs: 5_000,
      retryCount: 0,
      onRequest: (_chainId, method) => void (method === 'eth_getBlockByNumber' && headers++),
    }).get(31_911)!
    const mine = (count: number, interval: number) => chain.client.request({ method: 'anvil_mine', params: [toHex(count), toHex(interval)] } as never)
    await mine(31 * 4, 6 * 3_600)
    await mine(1_440, 60)
  }, 60_000)
  afterAll(() => anvil?.stop())

  it('finds a block within the tolerance of a day back, and of a week back, in at most 48 header reads each', async () => {
    const latest = await chain.client.getBlock()
    const head = { blockNumber: latest.number, timestamp: Number(latest.timestamp) }
    for (const days of [1, 7, 30]) {
      headers = 0
      const target = head.timestamp - days * DAY
      const tolerance = days * DAY * 0.05
      const found = await blockAtTime(chain, head, target, tolerance)
      expect(found, `${days} d`).not.toBe('before-genesis')
      if (found === 'before-genesis') continue
      expect(Math.abs(found.timestamp - target), `${days} d`).toBeLessThanOrEqual(tolerance)
      expect(found.timestamp).toBe(Number((await chain.client.getBlock({ blockNumber: found.blockNumber })).timestamp))
      expect(headers, `${days} d`).toBeLessThanOrEqual(48)
    }
  })
})
