import { type Hash, createPublicClient, http, WaitForTransactionReceiptTimeoutError } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeProxy, onMethod, type NodeProxy } from '../../test/nodeProxy.js'
import { anvilAccounts } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { minedReceipt } from './minedReceipt.js'

const CHAIN = 31_914

describe('minedReceipt', () => {
  let anvil: AnvilInstance
  let proxy: NodeProxy
  beforeAll(async () => {
    anvil = await startAnvil(CHAIN, 2)
    proxy = await nodeProxy(anvil.rpcUrl)
  }, 60_000)
  afterAll(async () => {
    await proxy?.close()
    await anvil?.stop()
  })

  /**
   * A transfer mined in the head block of an idle automining chain, behind a node that shows it
   * in its block but has no receipt for it the first two times it is asked: what anvil answers for
   * a moment after it mines.
   */
  async function minedWithLateReceipt(): Promise<Hash> {
    const [from, to] = anvilAccounts()
    const direct = createPublicClient({ transport: http(anvil.rpcUrl) })
    const hash = (await direct.request({ method: 'eth_sendTransaction', params: [{ from: from!.address, to: to!.address, value: '0x1' }] } as never)) as Hash
    await expect.poll(async () => (await direct.getTransaction({ hash })).blockNumber).not.toBeNull()
    let missed = 0
    proxy.set({ call: onMethod('eth_getTransactionReceipt', { rewrite: () => null }, () => missed++ < 2) })
    proxy.reset()
    return hash
  }

  it('asks until the receipt is there, with no later block', async () => {
    const hash = await minedWithLateReceipt()
    const receipt = await minedReceipt(createPublicClient({ transport: http(proxy.url) }), hash, 5_000)
    expect(receipt.status).toBe('success')
    expect(proxy.methods().eth_getTransactionReceipt).toBe(3)
  })

  it("where viem's wait, asking again only on a new block, waits out its timeout", async () => {
    const hash = await minedWithLateReceipt()
    const waited = createPublicClient({ transport: http(proxy.url), pollingInterval: 50 }).waitForTransactionReceipt({ hash, timeout: 2_000 })
    await expect(waited).rejects.toBeInstanceOf(WaitForTransactionReceiptTimeoutError)
  })

  it('gives up after its timeout on a transaction the node never mines', async () => {
    proxy.set()
    const started = Date.now()
    await expect(minedReceipt(createPublicClient({ transport: http(proxy.url) }), `0x${'ab'.repeat(32)}`, 300)).rejects.toBeInstanceOf(
      WaitForTransactionReceiptTimeoutError,
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
  })
})
