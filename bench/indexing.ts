import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, encodeDeployData, encodeFunctionData, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { logBurstAbi, logBurstBytecode } from '../contracts/artifacts/index.js'
import { anvilAccounts, startAnvil } from '../src/devnet/index.js'
import { openSqlClient } from '../src/store/index.js'
import { TARGET_LOGS_PER_REQUEST } from '../src/indexer/index.js'
import { postgresSchema } from '../test/processes.js'
import { bareCopy, best, CONCURRENCIES, plainGetLogs } from './indexCeilings.js'
import { isProgress, isReady, type SettledMemory, startIndexWorker } from './indexWorkerProcess.js'
import { heldTo, median, type Row } from './load.js'
import { benchNodeLimits, MAX_RESULTS } from './nodeLimits.js'
import { benchPonder, PONDER_VERSION } from './ponderPeer.js'
import { benchEnvio, ENVIO_VERSION } from './envioPeer.js'
import { cpuMsOf, rssOf } from './processes.js'

const CHAIN_ID = 31_999
/** Logs in a block that has any: a busy contract's block on a real chain. */
const LOGS_PER_BLOCK = 2_000
/** Empty blocks after each block with logs: most of a real chain's blocks hold none of a contract's logs. */
const QUIET_BLOCKS = 50
/** New blocks timed after the backfill, each with a few logs. */
const NEW_BLOCKS = 10
/** The refresher's interval, ms (SNAPSHOT_REFRESH_MS's default): the next refresh comes this long after a block at most. */
const REFRESH_MS = 2_000

/**
 * The event index against the node it reads, on a chain of `logs` Transfer logs (a LogBurst
 * contract standing for a vault; LOGS_PER_BLOCK to a block, QUIET_BLOCKS empty blocks between):
 * - backfill throughput, logs and blocks per second, against plain `eth_getLogs` over the same
 *   range in the same run (raw JSON-RPC, spans of TARGET_LOGS_PER_REQUEST logs, nothing decoded
 *   or stored): the ceiling of a reader that reads one range at a time;
 * - the index's memory (a process of its own, bench/indexWorker.ts) after a full collection, a
 *   quarter of the logs in and at the end: flat is a ratio near 1, its live heap the figure (RSS
 *   between collections moves with the collector, not the chain: see the row);
 * - a new block's logs indexed after it is mined, with the indexer woken as the refresher wakes
 *   it on a new head (reach), and on its own poll: against the refresh interval.
 * The store is DATABASE_URL's (a schema of its own) when set, else PGlite in a folder.
 */
export async function benchIndexing(logs: number): Promise<Row[]> {
  const anvil = await startAnvil(CHAIN_ID, 1, ['--gas-limit', '300000000', '--no-mining'])
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-index-'))
  const schema = process.env.DATABASE_URL ? await postgresSchema(process.env.DATABASE_URL) : undefined
  try {
    const chain = await burstChain(anvil.rpcUrl, logs)
    console.log(`index: ${logs} logs in ${chain.head + 1n} blocks laid down in ${(chain.ms / 1000).toFixed(0)} s`)
    // The ceilings' spans: about TARGET_LOGS_PER_REQUEST logs each.
    const span = BigInt(Math.max(1, Math.floor((TARGET_LOGS_PER_REQUEST / LOGS_PER_BLOCK) * (QUIET_BLOCKS + 1))))
    const plain = await plainGetLogs(anvil.rpcUrl, chain.contract, chain.head, span, logs)
    // (b) at its best of 1, 2, 4 and 8 spans in flight: the index reads two ranges ahead, so a ceiling of one at a time would not be the highest.
    const copies = []
    for (const concurrency of CONCURRENCIES)
      copies.push({ concurrency, ...(await bareCopy(anvil.rpcUrl, chain.contract, chain.head, span, logs, schema?.url, { inFlight: concurrency })) })
    const bare = best(copies)
    // (c) the peer, into the same PostgreSQL (ponder takes no other store here).
    const ponder = schema ? await benchPonder(anvil.rpcUrl, CHAIN_ID, chain.contract, logs, process.env.DATABASE_URL!) : undefined
    if (ponder) console.log(`index peer: ponder ${ponder.rate.toFixed(0)} logs/s (${ponder.seconds.toFixed(1)} s)`)
    // (d) the other peer, into the same PostgreSQL; its failure is a finding for its row, not the end of the bench.
    const envio = schema
      ? await benchEnvio(anvil.rpcUrl, CHAIN_ID, chain.contract, logs, process.env.DATABASE_URL!, Number(span)).catch((error: Error) => ({
          error: error.message,
        }))
      : undefined
    if (envio)
      console.log(
        `index peer: envio ${'error' in envio ? `failed: ${envio.error}` : `${envio.rate.toFixed(0)} logs/s (${envio.seconds.toFixed(1)} s, its start ${envio.startSeconds.toFixed(1)} s of it)`}`,
      )
    console.log(
      `index ceilings: plain eth_getLogs ${plain.rate.toFixed(0)} logs/s; bare read and COPY ${bare.rate.toFixed(0)} logs/s at ${bare.concurrency} in flight (${bare.all}; ${bare.seconds.toFixed(1)} s, lookups ${bare.indexSeconds.toFixed(1)} s of it)`,
    )
    const worker = startIndexWorker({
      RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(CHAIN_ID),
      CONTRACT: chain.contract,
      DATA_DIR: dataDir,
      ...(schema && { DATABASE_URL: schema.url }),
    })
    const pid = worker.process.pid!
    try {
      const next = worker.next
      // Backfill, timed from the worker's start of the indexer (its process loaded, its store open): RSS at each pass, against the logs indexed by then.
      await next(isReady)
      const started = performance.now()
      const cpuAtStart = cpuMsOf(pid)
      const samples: { logs: number; rss: number }[] = []
      // The memory it holds, after a full collection, once a quarter of the logs are in and at the end; the quarter's collection is not the backfill's time.
      let quarter: { logs: number; collected: SettledMemory; ms: number } | undefined
      const quarterLogs = logs / 4
      for (;;) {
        const { indexedBlock } = await next(isProgress)
        const block = BigInt(indexedBlock)
        samples.push({ logs: chain.logsThrough(block), rss: rssOf(pid) })
        if (block >= chain.head) break
        if (!quarter && samples.at(-1)!.logs >= quarterLogs) quarter = { logs: samples.at(-1)!.logs, ...(await worker.collect()) }
      }
      const backfillSeconds = (performance.now() - started - (quarter?.ms ?? 0)) / 1000
      const cpuSeconds = (cpuMsOf(pid) - cpuAtStart - (quarter?.ms ?? 0)) / 1000
      const end = (await worker.collect()).collected
      const settled = quarter?.collected ?? end
      const rssAt = (share: number) => samples.find((sample) => sample.logs >= logs * share)?.rss ?? samples.at(-1)!.rss
      const later = samples.filter((sample) => sample.logs >= quarterLogs).map((sample) => sample.rss)

      // A new block: mined, then timed until indexed, on the indexer's own poll and woken by reach.
      const polled: number[] = []
      const woken: number[] = []
      let last = chain.head
      for (let round = 0; round < NEW_BLOCKS; round++) {
        const block = await chain.burst(100)
        last = block
        const mined = performance.now()
        if (round % 2 === 0) {
          while (BigInt((await next(isProgress)).indexedBlock) < block);
          polled.push(performance.now() - mined)
        } else {
          worker.process.send({ reach: String(block) })
          const answer = await next((message): message is { reached: boolean; ms: number } => 'reached' in message)
          if (!answer.reached) throw new Error(`the index did not reach block ${block} in 10 s`)
          woken.push(performance.now() - mined)
        }
      }
      await worker.stop()
      const disk = await indexDisk(schema?.url, dataDir)

      // The same chain behind a provider's limits, into a store of its own.
      const limitedDir = mkdtempSync(join(tmpdir(), 'bench-index-limited-'))
      const limitedSchema = process.env.DATABASE_URL ? await postgresSchema(process.env.DATABASE_URL) : undefined
      let limited: Row
      try {
        limited = await benchNodeLimits(
          anvil.rpcUrl,
          {
            chainId: CHAIN_ID,
            contract: chain.contract,
            head: last,
            logs: chain.logsThrough(last),
            spanBlocks: BigInt((MAX_RESULTS / LOGS_PER_BLOCK) * (QUIET_BLOCKS + 1)),
          },
          { dataDir: limitedDir, ...(limitedSchema && { databaseUrl: limitedSchema.url }) },
        )
      } finally {
        await limitedSchema?.drop()
        rmSync(limitedDir, { recursive: true, force: true })
      }

      const indexRate = logs / backfillSeconds
      const blocksRate = Number(chain.head + 1n) / backfillSeconds
      const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
      const store = schema ? 'PostgreSQL' : 'PGlite'
      return [
        {
          figure: `index backfill, ${logs} logs over ${chain.head + 1n} blocks (${store})`,
          value: `${indexRate.toFixed(0)} logs/s, ${blocksRate.toFixed(0)} blocks/s (${backfillSeconds.toFixed(1)} s, its lookups built at the end)`,
          ceiling: `(b) a bare read and COPY at its best of 1, 2, 4 and 8 spans in flight: ${bare.rate.toFixed(0)} logs/s at ${bare.concurrency} (${bare.all}; ${bare.seconds.toFixed(1)} s, its lookups ${bare.indexSeconds.toFixed(1)} s of it); (a) plain eth_getLogs: ${plain.rate.toFixed(0)} logs/s (${plain.seconds.toFixed(1)} s, ${plain.requests} requests)`,
          ...heldTo(indexRate / bare.rate, '≥', 0.8),
          limit: `the index's process was busy ${((cpuSeconds / backfillSeconds) * 100).toFixed(0)} % of the backfill (${cpuSeconds.toFixed(1)} s of CPU in ${backfillSeconds.toFixed(1)} s): it parses the node's answers, decodes every event by its ABI and checks each pass's blocks, where the bare reader makes rows of the raw logs; ${(indexRate / plain.rate).toFixed(2)} of plain eth_getLogs`,
        },
        ...(ponder
          ? [
              {
                figure: `index backfill against ponder ${PONDER_VERSION}, the same ${logs} logs (PostgreSQL)`,
                value: `${indexRate.toFixed(0)} logs/s (${backfillSeconds.toFixed(1)} s)`,
                ceiling: `(c) ponder: ${ponder.rate.toFixed(0)} logs/s (${ponder.seconds.toFixed(1)} s, one row per event, a cold cache)`,
                ...heldTo(indexRate / ponder.rate, '≥', 6, 1),
                limit: 'a peer, not a ceiling: ponder caches every log and block in its own tables and runs a handler per event before its rows',
              },
            ]
          : []),
        ...(envio
          ? [
              {
                figure: `index backfill against envio ${ENVIO_VERSION}, the same ${logs} logs (PostgreSQL)`,
                // Its error in its own words, on one line of the table (a pipe would end the cell).
                value:
                  'error' in envio
                    ? `envio failed: ${envio.error.replaceAll('|', '\\|').replaceAll('\n', ' ⏎ ')}`
                    : `${indexRate.toFixed(0)} logs/s (${backfillSeconds.toFixed(1)} s)`,
                ceiling:
                  'error' in envio
                    ? `(d) envio: no figure (the index: ${indexRate.toFixed(0)} logs/s, ${backfillSeconds.toFixed(1)} s)`
                    : `(d) envio: ${envio.rate.toFixed(0)} logs/s (${envio.seconds.toFixed(1)} s from \`envio start\`, its start ${envio.startSeconds.toFixed(1)} s of it; RPC mode, ranges of ${span} blocks, one row per event)`,
                // Without envio's figure no ratio is met (NaN), and its cell says so.
                ...heldTo('error' in envio ? Number.NaN : indexRate / envio.rate, '≥', 1.5, 1),
                ...('error' in envio && { ratio: '—' }),
                limit:
                  'a peer, not a ceiling: envio reads the node over plain RPC (no HyperSync here) and runs a handler per event, its own start (ts-node, migrations) in its time',
              },
            ]
          : []),
        limited,
        {
          figure: `index memory from a quarter of the backfill to its end, after a full collection (${store})`,
          value: `live heap ${mb(end.heapUsed)} at the end (RSS ${mb(end.rss)}, heap ${mb(end.heapTotal)}, external ${mb(end.external)}); RSS between collections ${mb(Math.min(...later))}–${mb(Math.max(...later))} from a quarter on (${[0.25, 0.5, 0.75, 1].map((share) => mb(rssAt(share))).join(', ')} at 25, 50, 75, 100 %)`,
          ceiling: `live heap ${mb(settled.heapUsed)} at ${quarter?.logs ?? logs} logs (RSS ${mb(settled.rss)}, heap ${mb(settled.heapTotal)}, external ${mb(settled.external)})`,
          ...heldTo(end.heapUsed / settled.heapUsed, '≤', 1.1),
          limit: `what survives a full collection would grow with the chain if anything were kept per log or block; RSS between collections moves with the collector (V8 sizes the old generation for this machine) and the allocator's kept pages, not the chain`,
        },
        {
          figure: `index disk per million logs (${store})`,
          value: `${mb((disk / logs) * 1_000_000)} (${mb(disk)} for ${logs} logs)`,
          ceiling: '— (a sizing figure)',
          ratio: '—',
          target: '—',
          met: true,
          limit: 'index_events and index_blocks with their indexes: each event a row with its four lookups, and the blocks of the events',
        },
        {
          figure: `a new block's logs indexed, woken as the refresher wakes it (max of ${woken.length})`,
          value: `${Math.max(...woken).toFixed(0)} ms (median ${median(woken).toFixed(0)} ms)`,
          ceiling: '— (a budget: the refresh interval)',
          ratio: '—',
          target: `< ${REFRESH_MS} ms`,
          met: Math.max(...woken) < REFRESH_MS,
          limit: `the slowest of ${woken.length} took ${Math.max(...woken).toFixed(0)} ms`,
        },
        {
          figure: `a new block's logs indexed on the indexer's own poll (max of ${polled.length})`,
          value: `${Math.max(...polled).toFixed(0)} ms (median ${median(polled).toFixed(0)} ms)`,
          ceiling: '— (a budget: the refresh interval and 5 %)',
          ratio: '—',
          target: `≤ ${REFRESH_MS * 1.05} ms`,
          met: Math.max(...polled) <= REFRESH_MS * 1.05,
          limit: `the slowest of ${polled.length} took ${Math.max(...polled).toFixed(0)} ms`,
        },
      ]
    } finally {
      if (worker.process.exitCode === null) worker.process.kill('SIGKILL')
    }
  } finally {
    await anvil.stop()
    await schema?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A chain with `logs` Transfer logs of one LogBurst, LOGS_PER_BLOCK a block, QUIET_BLOCKS empty blocks after each. */
async function burstChain(rpcUrl: string, logs: number) {
  const started = performance.now()
  const account = privateKeyToAccount(anvilAccounts()[0]!.privateKey as Hex)
  const client = createPublicClient({ transport: http(rpcUrl) })
  const wallet = createWalletClient({ account, transport: http(rpcUrl) })
  const rpc = (method: string, params: unknown[] = []) => client.request({ method, params } as never)
  const chainOf = { id: CHAIN_ID, name: 'bench', nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  let nonce = 0
  const send = async (request: { data?: Hex; to?: Address; gas: bigint }) => {
    const hash = await wallet.sendTransaction({ ...request, chain: chainOf, nonce: nonce++, gasPrice: 10n ** 9n })
    await rpc('evm_mine')
    const receipt = await client.getTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`bench: transaction ${hash} reverted`)
    return receipt
  }
  const deployed = await send({ data: encodeDeployData({ abi: logBurstAbi, bytecode: logBurstBytecode }), gas: 1_000_000n })
  const contract = deployed.contractAddress!
  /** Each block with logs and how many logs the chain holds through it. */
  const through: { block: bigint; logs: number }[] = []
  let total = 0
  const burst = async (count: number) => {
    const receipt = await send({
      to: contract,
      data: encodeFunctionData({ abi: logBurstAbi, functionName: 'burst', args: [BigInt(count)] }),
      gas: 30_000n + 3_000n * BigInt(count),
    })
    total += count
    through.push({ block: receipt.blockNumber, logs: total })
    return receipt.blockNumber
  }
  while (total < logs) {
    await burst(Math.min(LOGS_PER_BLOCK, logs - total))
    await rpc('anvil_mine', [`0x${QUIET_BLOCKS.toString(16)}`])
  }
  const head = await client.getBlockNumber({ cacheTime: 0 })
  return {
    contract,
    head,
    ms: performance.now() - started,
    logsThrough: (block: bigint) => through.findLast((entry) => entry.block <= block)?.logs ?? 0,
    burst,
  }
}

/** What the index holds on disk after the run: its tables with their indexes, in PostgreSQL or in the worker's PGlite folder. */
async function indexDisk(databaseUrl: string | undefined, dataDir: string): Promise<number> {
  const sql = await openSqlClient({ ...(databaseUrl && { databaseUrl }), dataDir })
  try {
    const [row] = await sql.query<{ bytes: string }>("select (pg_total_relation_size('index_events') + pg_total_relation_size('index_blocks'))::text as bytes")
    return Number(row!.bytes)
  } finally {
    await sql.close()
  }
}
