import type { Address, Hex } from 'viem'
import { CallBudget } from '../src/chain/rpc/CallBudget.js'
import { nodeProxy, type RpcCall } from '../test/nodeProxy.js'
import { bareCopy, best, budgetedGetLogs, CONCURRENCIES, spansOf } from './indexCeilings.js'
import { isProgress, isReady, startIndexWorker } from './indexWorkerProcess.js'
import { heldTo, type Row } from './load.js'

/** What a provider allows, as the issue sets it: ms per request, blocks and results per eth_getLogs, calls per second. */
const LATENCY_MS = 50
const MAX_BLOCKS = 2_000n
export const MAX_RESULTS = 10_000
const CALLS_PER_SECOND = 25

/** eth_getLogs as such a provider answers it: refused past MAX_BLOCKS, or past MAX_RESULTS, in their words. */
function providerLimits(call: RpcCall) {
  if (call.method !== 'eth_getLogs') return undefined
  const filter = call.params?.[0] as { fromBlock: Hex; toBlock: Hex }
  if (BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n > MAX_BLOCKS)
    return { rpcError: { code: -32600, message: `block range is too wide: at most ${MAX_BLOCKS} blocks` } }
  return { logsOver: { limit: MAX_RESULTS, error: { code: -32005, message: `query returned more than ${MAX_RESULTS} results` } } }
}

/** Before each reader: the budget's window empties, so the run before does not count against this one. */
const windowPassed = () => new Promise((resolve) => setTimeout(resolve, 1_100))

/**
 * The index behind a provider's limits (the node-conditions proxy: LATENCY_MS a request, MAX_BLOCKS
 * and MAX_RESULTS per eth_getLogs, CALLS_PER_SECOND), given that budget (RPC_CALLS_PER_SECOND),
 * against bare readers that know those limits: spans of `spanBlocks` (as many blocks as hold
 * MAX_RESULTS logs), kept to the same budget, each at its best of CONCURRENCIES spans in flight.
 * The ceiling, as point 2's (b) is on the local node, reads and stores: each span's rows COPYed
 * into a bare table in order, its lookups built at the end. A reader that only parses is reported
 * beside it. The proxy passes the node's answers on unparsed (it counts a result's logs in its
 * text): a provider's work is not done on the reader's cores.
 */
export async function benchNodeLimits(
  rpcUrl: string,
  chain: { chainId: number; contract: Address; head: bigint; logs: number; spanBlocks: bigint },
  store: { databaseUrl?: string; dataDir: string },
): Promise<Row> {
  const proxy = await nodeProxy(rpcUrl, { latencyMs: LATENCY_MS, callsPerSecond: CALLS_PER_SECOND, call: providerLimits })
  try {
    const reading: { concurrency: number; rate: number }[] = []
    const storing: { concurrency: number; rate: number }[] = []
    for (const concurrency of CONCURRENCIES) {
      await windowPassed()
      reading.push({ concurrency, rate: await bareLimitedReader(proxy.url, chain, concurrency) })
      await windowPassed()
      const { rate } = await bareCopy(proxy.url, chain.contract, chain.head, chain.spanBlocks, chain.logs, store.databaseUrl, {
        inFlight: concurrency,
        budget: new CallBudget(CALLS_PER_SECOND),
      })
      storing.push({ concurrency, rate })
    }
    const [read, stored] = [best(reading), best(storing)]
    await windowPassed()
    proxy.reset()
    const worker = startIndexWorker({
      RPC_URL: proxy.url,
      CHAIN_ID: String(chain.chainId),
      CONTRACT: chain.contract,
      CALLS_PER_SECOND: String(CALLS_PER_SECOND),
      DATA_DIR: store.dataDir,
      ...(store.databaseUrl && { DATABASE_URL: store.databaseUrl }),
    })
    let seconds: number
    try {
      await worker.next(isReady)
      const started = performance.now()
      while (BigInt((await worker.next(isProgress)).indexedBlock) < chain.head);
      seconds = (performance.now() - started) / 1000
    } finally {
      await worker.stop()
    }
    const rate = chain.logs / seconds
    const calls = proxy.calls().length
    return {
      figure: `index backfill behind a provider's limits (${LATENCY_MS} ms a request, ${MAX_BLOCKS} blocks and ${MAX_RESULTS} results per eth_getLogs, ${CALLS_PER_SECOND} calls/s), ${chain.logs} logs`,
      value: `${rate.toFixed(0)} logs/s (${seconds.toFixed(1)} s, its lookups built at the end; ${calls} calls, ${proxy.rateLimited()} refused for the rate)`,
      ceiling: `a bare read and COPY that knows the limits: ${stored.rate.toFixed(0)} logs/s at ${stored.concurrency} in flight (${stored.all}); a bare reader that only parses: ${read.rate.toFixed(0)} logs/s at ${read.concurrency} (${read.all})`,
      ...heldTo(rate / stored.rate, '≥', 0.8),
      limit: `the index learns the limits from the refusals; the bare readers ask ${MAX_RESULTS} logs a call, knowing them; ${(rate / read.rate).toFixed(2)} of the reader that only parses`,
    }
  } finally {
    await proxy.close()
  }
}

/** Every log of the chain through the proxy, `concurrency` spans in flight, within the budget; logs per second. */
async function bareLimitedReader(
  url: string,
  chain: { contract: Address; head: bigint; logs: number; spanBlocks: bigint },
  concurrency: number,
): Promise<number> {
  const budget = new CallBudget(CALLS_PER_SECOND)
  const spans = spansOf(chain.head, chain.spanBlocks)
  const started = performance.now()
  let seen = 0
  let next = 0
  const reader = async () => {
    while (next < spans.length) {
      // Read first, then added: `seen += await …` would add to the count as it stood before the wait.
      const logs = await budgetedGetLogs(url, chain.contract, spans[next++]!, budget)
      seen += logs.length
    }
  }
  await Promise.all(Array.from({ length: concurrency }, reader))
  if (seen !== chain.logs) throw new Error(`the bare reader saw ${seen} logs, ${chain.logs} were laid down`)
  return seen / ((performance.now() - started) / 1000)
}
