import { pino } from 'pino'
import { type Hex, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeProxy, type NodeProxy, type RpcCall } from '../../test/nodeProxy.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { createChainClients, rpcOptionsOf } from '../chain/index.js'
import { loadConfig } from '../config/index.js'
import { buildRegistry } from '../registry/index.js'
import { IndexStore, migrate, openSqlClient } from '../store/index.js'
import { ChainIndexer } from './ChainIndexer.js'
import { followedContracts } from './followedContracts.js'
import { FIRST_SPAN_BLOCKS } from './LogRange.js'

const CHAIN = 31_464
/** The strict node's largest `eth_getLogs` span: under the first span asked, so the first request is refused. */
const LIMIT = 40n

/** How providers refuse a range too wide, each naming what would work in words of its own. */
const FORMS: Record<string, (from: bigint) => { code: number; message: string }> = {
  alchemy: (from) => ({ code: -32602, message: `Log response size exceeded. this block range should work: [${toHex(from)}, ${toHex(from + LIMIT - 1n)}]` }),
  infura: (from) => ({
    code: -32005,
    message: `query returned more than 10000 results. Try with this block range [${toHex(from)}, ${toHex(from + LIMIT - 1n)}].`,
  }),
  'too wide': () => ({ code: -32000, message: `block range is too wide, maximum allowed is ${LIMIT}` }),
}

/** The latency of the node whose ranges are read ahead, ms. */
const LATENCY_MS = 100

type Span = { from: bigint; to: bigint }
const spanOf = (call: RpcCall): Span => {
  const filter = call.params?.[0] as { fromBlock: Hex; toBlock: Hex }
  return { from: BigInt(filter.fromBlock), to: BigInt(filter.toBlock) }
}
const blocksOf = ({ from, to }: Span) => to - from + 1n

/** A node that refuses an `eth_getLogs` wider than LIMIT in `form`'s words, and counts what it was asked. */
function strictNode(form: keyof typeof FORMS, asked: Span[]) {
  return (call: RpcCall) => {
    if (call.method !== 'eth_getLogs') return undefined
    const span = spanOf(call)
    asked.push(span)
    return blocksOf(span) > LIMIT ? { rpcError: FORMS[form]!(span.from) } : undefined
  }
}

/**
 * Ranges learnt from the node, through a proxy that answers in each provider's words: the range
 * a refusal names is taken at once (one refusal, not a halving each), a results limit sent as
 * -32005 is not taken for a rate limit, and what one URL allows is kept for that URL only.
 */
describe('eth_getLogs ranges learnt from the node', () => {
  let own: OwnChain
  const proxies: NodeProxy[] = []
  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    expect(await own.client.getBlockNumber()).toBeGreaterThan(FIRST_SPAN_BLOCKS)
  }, 60_000)
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close()
    await own?.stop()
  })

  /** Indexes the chain to its head through `urls`, from an empty store. */
  async function indexThrough(urls: string[], until: () => Promise<void> = async () => {}) {
    const chain = createChainClients([{ ...own.chainConfig, rpcUrls: urls }], { ...rpcOptionsOf(loadConfig({})), retryCount: 1 }).get(CHAIN)!
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    const indexer = new ChainIndexer({
      chain,
      contracts: followedContracts(buildRegistry(own.registry).chains.get(CHAIN)!),
      store: new IndexStore(sql),
      owner: 'ranges',
      leaseTtlMs: 10_000,
      pollIntervalMs: 100,
      maxRangeBlocks: 10_000n,
      finalityDepth: 30n,
      log: pino({ level: 'silent' }),
    })
    try {
      indexer.start()
      expect(await indexer.reach(await own.client.getBlockNumber({ cacheTime: 0 }), 60_000)).toBe(true)
      await until()
      expect(await indexer.reach(await own.client.getBlockNumber({ cacheTime: 0 }), 60_000)).toBe(true)
    } finally {
      await indexer.stop()
      chain.rpc.close()
      await sql.close()
    }
  }

  it.each(Object.keys(FORMS))('in %s words: one refusal, then every range within what the node named', async (form) => {
    const asked: Span[] = []
    const proxy = await nodeProxy(own.manifest.rpcUrl, { call: strictNode(form, asked) })
    proxies.push(proxy)
    await indexThrough([proxy.url])
    // A pass asks with a filter per event family: the refused range counts once, however many filters it carried.
    const refused = new Set(asked.filter((span) => blocksOf(span) > LIMIT).map((span) => `${span.from}-${span.to}`))
    expect(refused.size, JSON.stringify([...refused])).toBe(1)
    // Asked in one round trip: not retried as a rate limit would be.
    const wide = (request: RpcCall[]) => request.some((call) => call.method === 'eth_getLogs' && blocksOf(spanOf(call)) > LIMIT)
    expect(proxy.requests().filter(wide)).toHaveLength(1)
    expect(asked.filter((span) => blocksOf(span) <= LIMIT).length).toBeGreaterThan(0)
  })

  it('reads ranges ahead in a backfill: several eth_getLogs under way at once', async () => {
    // When each range was first asked for (a pass asks with a filter per event family, in one batch).
    const arrivals = new Map<string, number>()
    const asked: Span[] = []
    const strict = strictNode('too wide', asked)
    const proxy = await nodeProxy(own.manifest.rpcUrl, {
      latencyMs: LATENCY_MS,
      call: (call) => {
        const span = call.method === 'eth_getLogs' && spanOf(call)
        if (span && blocksOf(span) <= LIMIT && !arrivals.has(`${span.from}`)) arrivals.set(`${span.from}`, performance.now())
        return strict(call)
      },
    })
    proxies.push(proxy)
    await indexThrough([proxy.url])
    // Ranges asked for within one latency of each other were under way together.
    const times = [...arrivals.values()]
    const inFlight = Math.max(...times.map((at) => times.filter((other) => other <= at && other > at - LATENCY_MS).length))
    expect(inFlight, `${times.length} ranges`).toBeGreaterThanOrEqual(2)
  })

  it("keeps each URL's range for that URL: a strict node's limit does not cap a lenient one that serves while it is down", async () => {
    const strictAsked: Span[] = []
    const lenientAsked: Span[] = []
    const strict = await nodeProxy(own.manifest.rpcUrl, { call: strictNode('alchemy', strictAsked) })
    const call = (asked: RpcCall) => {
      if (asked.method === 'eth_getLogs') lenientAsked.push(spanOf(asked))
      return undefined
    }
    const lenient = await nodeProxy(own.manifest.rpcUrl, { call })
    proxies.push(strict, lenient)
    await indexThrough([strict.url, lenient.url], async () => {
      // The strict node goes down; more blocks come, which the lenient one serves. The lenient one
      // looks away while they are mined, so they come at once, not a few at a time on a slow machine.
      strict.set({ httpStatus: 503 })
      lenient.set({ call, httpStatus: 503 })
      await own.client.request({ method: 'anvil_mine', params: [toHex(4 * Number(FIRST_SPAN_BLOCKS))] } as never)
      lenient.set({ call })
    })
    expect(strictAsked.some((span) => blocksOf(span) > LIMIT)).toBe(true)
    expect(
      lenientAsked.some((span) => blocksOf(span) > LIMIT),
      JSON.stringify(lenientAsked.map(blocksOf).map(String)),
    ).toBe(true)
  })
})
