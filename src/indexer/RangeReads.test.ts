import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainClients, type ChainClient } from '../chain/index.js'
import { startAnvil } from '../devnet/index.js'
import { vaultAdapterFor } from '../protocols/index.js'
import { ContractLogs } from './ContractLogs.js'
import type { NodeLog } from './readLogs.js'
import { RangeReads } from './RangeReads.js'

const CHAIN = 31_913
const VAULT = getAddress('0x00000000000000000000000000000000000000aa')

/** ContractLogs that counts its decodings. */
class CountedLogs extends ContractLogs {
  decoded = 0
  override decode(logs: readonly NodeLog[]) {
    this.decoded++
    return super.decode(logs)
  }
}

describe('RangeReads', () => {
  let anvil: Awaited<ReturnType<typeof startAnvil>>
  let chain: ChainClient
  beforeAll(async () => {
    anvil = await startAnvil(CHAIN, 1)
    chain = createChainClients([{ chainId: CHAIN, rpcUrls: [anvil.rpcUrl], wrappedNative: VAULT }], { timeoutMs: 5_000, retryCount: 0 }).get(CHAIN)!
  }, 60_000)
  afterAll(() => anvil?.stop())

  it("gives a range's logs before it decodes them: the pass waiting for them sends the reads after it first", async () => {
    const logs = new CountedLogs([{ address: VAULT, events: vaultAdapterFor('erc4626').events, fromBlock: 0n }])
    const reads = new RangeReads(logs, 2)
    const read = reads.take(chain, 0n, 0n, [VAULT], true)
    expect((await read.logs).count).toBe(0)
    expect(logs.decoded).toBe(0)
    expect((await read.rows).blocks).toBeUndefined()
    expect(logs.decoded).toBe(1)
  })
})
