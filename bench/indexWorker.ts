/**
 * The event index alone in a process of its own, for bench/indexing.ts: one ChainIndexer as the
 * refresher role runs it (the production RPC client and settings, the store of DATABASE_URL or
 * PGlite in DATA_DIR) following one contract from block 0, polling as a chain of BLOCK_TIME_SECONDS is polled,
 * within CALLS_PER_SECOND when given (RPC_CALLS_PER_SECOND_<id>). It tells its parent (IPC) when its
 * store is open and the indexer starts (the backfill is timed from there), each pass's indexed
 * block, and answers `{ reach: block }` with the ms the index took to hold it, and `{ collect: true }`
 * with its memory after a full collection (INDEXING_V8_FLAGS expose V8's collector) and the ms it took.
 */
import { pino } from 'pino'
import { getAddress, zeroAddress } from 'viem'
import { createChainClients, rpcOptionsOf } from '../src/chain/index.js'
import { DEFAULT_FINALITY_DEPTH, loadConfig } from '../src/config/index.js'
import { ChainIndexer, headPollMs } from '../src/indexer/index.js'
import { vaultAdapterFor } from '../src/protocols/index.js'
// YoungCollector.js itself: the snapshot room's index would load the refresher's modules into the heap this worker measures.
import { exposedCollector } from '../src/snapshot/YoungCollector.js'
import { IndexStore, migrate, openSqlClient } from '../src/store/index.js'

const { RPC_URL, CHAIN_ID, CONTRACT, DATABASE_URL, DATA_DIR, BLOCK_TIME_SECONDS, CALLS_PER_SECOND } = process.env
const config = loadConfig({ LOG_LEVEL: 'warn' })
const collect = exposedCollector()
if (!collect) throw new Error('the index worker needs --expose-gc (INDEXING_V8_FLAGS) to measure its memory after a full collection')
const chainId = Number(CHAIN_ID)
const chain = createChainClients(
  [{ chainId, rpcUrls: [RPC_URL!], wrappedNative: zeroAddress, ...(CALLS_PER_SECOND && { callsPerSecond: Number(CALLS_PER_SECOND) }) }],
  rpcOptionsOf(config),
).get(chainId)!
const sql = await openSqlClient({ ...(DATABASE_URL && { databaseUrl: DATABASE_URL }), dataDir: DATA_DIR ?? 'memory://', inWorker: true })
await migrate(sql)
const indexer = new ChainIndexer({
  chain,
  contracts: [{ address: getAddress(CONTRACT!), events: vaultAdapterFor('erc4626').events, fromBlock: 0n }],
  store: new IndexStore(sql),
  owner: 'bench',
  leaseTtlMs: config.snapshot.lockTtlMs,
  // As EventIndex sets it: three looks a block on a chain whose block time is given.
  pollIntervalMs: headPollMs({ chainId, ...(BLOCK_TIME_SECONDS && { blockTimeSeconds: Number(BLOCK_TIME_SECONDS) }) }, config.snapshot.refreshIntervalMs),
  maxRangeBlocks: BigInt(config.index.maxRangeBlocks),
  finalityDepth: BigInt(DEFAULT_FINALITY_DEPTH),
  log: pino({ level: 'warn' }),
  onProgress: (progress) => process.send!({ indexedBlock: String(progress.indexedBlock ?? -1n) }),
})

process.on('message', async (message: { reach?: string; collect?: true; stop?: true }) => {
  if (message.reach !== undefined) {
    const started = performance.now()
    const reached = await indexer.reach(BigInt(message.reach), 10_000)
    process.send!({ reached, ms: performance.now() - started })
  }
  if (message.collect) {
    const started = performance.now()
    collect()
    const ms = performance.now() - started
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
    process.send!({ collected: { rss, heapUsed, heapTotal, external }, ms })
  }
  if (message.stop) {
    await indexer.stop()
    await sql.close()
    process.exit(0)
  }
})
process.send!({ ready: true })
indexer.start()
