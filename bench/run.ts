/**
 * `npm run bench`: the service as production runs it (the compiled build, an api replica and a
 * refresher over PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set) over a fresh devnet,
 * load from outside its process, and every figure beside a ceiling measured in the same run:
 * aggregate reads against a bare Fastify route sending the same bytes; allowance-given builds
 * against a bare route forwarding the same node calls (and the node answering them alone); the
 * replica's memory against its target; snapshots of 1, 10, 100, 500 and 1,000 registered vaults and
 * pools (BENCH_REGISTERED, default 1,000), and a new block's snapshot on that chain mining every 0.45 s
 * with 10 of them touched in each, for BENCH_FOLLOW_SECONDS (default 60; followedBlocks.ts), then the same
 * published to Redis and kept in PostgreSQL as production's refresher does. Then node round trips per endpoint and build latency with
 * 50 ms per round trip (nodeCost.ts). Last, on a chain of its own, the event index's backfill of
 * BENCH_INDEX_LOGS logs (default a million) against plain eth_getLogs, its memory, and how soon a
 * new block is indexed (indexing.ts), with ponder (0.16.10) and envio (2.32.12), both installed into
 * .bench/, and a bare read and COPY beside it; then a chain mining every 0.45 s for BENCH_FAST_CHAIN_SECONDS (default 300):
 * how soon a block's logs are indexed and the index's CPU while blocks are empty (fastChain.ts). First of all, how soon `npm start` serves on a fresh devnet
 * against the service's own start on chains already running (startTime.ts); then, in this process, the choices in the code
 * that micro-benchmarks can weigh, each beside its alternative (designChoices.ts). Measures, never gates. BENCH_SECONDS (default 6) per side
 * of a case, in BENCH_ROUNDS (default 12) turns with its ceiling; BENCH_MEMORY_SECONDS (default
 * 60); BENCH_STREAMS (default 1000) event streams held open against none. BENCH_ONLY, a comma-separated subset of `start`, `choices`, `scale`, `follow`, `reads`, `builds`, `memory`, `streams`, `nodecost`, `index`, `fastchain`,
 * runs only those (e.g. `BENCH_ONLY=memory,reads` for the replica's own figures); every part by
 * default. A full run writes BENCHMARKS.md (report.ts); a partial one prints its table only.
 * BENCH_PROFILE=<folder> writes a CPU profile of the index's and the followed refresher's processes there (where their time goes).
 */
import { startDevnet } from '../src/devnet/index.js'
import { benchAggregateReads, waitForSnapshots } from './aggregateReads.js'
import { benchBuilds } from './builds.js'
import { benchDesignChoices } from './designChoices.js'
import { tableOf, type Row } from './load.js'
import { benchFastChain } from './fastChain.js'
import { benchIndexing } from './indexing.js'
import { benchNodeCost } from './nodeCost.js'
import { benchReplicaMemory } from './replicaMemory.js'
import { writeReport } from './report.js'
import { type ChoiceRow, choicesTableOf } from './sideBySide.js'
import { benchFollowedBlocks } from './followedBlocks.js'
import { benchScale, deployExtra, registryWith } from './scale.js'
import { benchStart } from './startTime.js'
import { benchStreams } from './streams.js'
import { childrenNamed, settled } from './processes.js'
import { deploy } from './topology.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
/**
 * Turns each side of a throughput case takes with its ceiling, SECONDS split among them. Twelve
 * turns of half a second, not three of two: this machine's speed halves and doubles within
 * seconds (one bare server served 20k, then 45k req/s), and in short turns both sides meet the
 * same machine. Two identical bare servers, 10 runs each in one session (2026-12-03): the median
 * of 3 turns of 2 s read 0.95–1.11 of the other, of 12 turns of 0.5 s 0.98–1.03.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12)
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60)
/** Event streams held open on the replica while its reads are measured (BENCH_STREAMS). */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000)
/** Vaults and reward pools registered on chain 56 for the measurements of the service. */
const REGISTERED = Number(process.env.BENCH_REGISTERED ?? 1_000)
const SCALE_SIZES = [1, 10, 100, 500, 1_000].filter((size) => size <= REGISTERED)
/** How long the bench waits for the service to settle after its first snapshots, ms (processes.ts). */
const SETTLE_LIMIT_MS = 300_000
/** How long the refresher follows chain 56 mining every 0.45 s with REGISTERED vaults and pools (BENCH_FOLLOW_SECONDS). */
const FOLLOW_SECONDS = Number(process.env.BENCH_FOLLOW_SECONDS ?? 60)
/** Logs the index part lays down and backfills (BENCH_INDEX_LOGS). */
const INDEX_LOGS = Number(process.env.BENCH_INDEX_LOGS ?? 1_000_000)
/** How long the index follows a chain mining every 0.45 s (BENCH_FAST_CHAIN_SECONDS), half of it with logs in every block. */
const FAST_CHAIN_SECONDS = Number(process.env.BENCH_FAST_CHAIN_SECONDS ?? 300)
const PARTS = ['start', 'choices', 'scale', 'follow', 'reads', 'builds', 'memory', 'streams', 'nodecost', 'index', 'fastchain'] as const
const only = process.env.BENCH_ONLY?.split(',')
  .map((part) => part.trim())
  .filter(Boolean)
const unknown = only?.filter((part) => !(PARTS as readonly string[]).includes(part))
if (unknown?.length) throw new Error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')}; choose from ${PARTS.join(', ')}`)
const runs = (part: (typeof PARTS)[number]) => !only || only.includes(part)

const startedAt = Date.now()
const rows: Row[] = []
let shape = 'the event index alone'
// First, alone on the machine: how soon `npm start` serves (its own devnets, started and stopped).
if (runs('start')) rows.push(...(await benchStart(3)))
// Then, before any devnet starts, the micro-benchmarks of choices in the code, in this process.
const choices: ChoiceRow[] = runs('choices') ? await benchDesignChoices() : []
if (PARTS.some((part) => !['start', 'choices', 'index', 'fastchain'].includes(part) && runs(part))) rows.push(...(await benchOnDevnet()))
// On a chain of its own, once the devnet is gone: its million logs compete with nothing else.
if (runs('index')) rows.push(...(await benchIndexing(INDEX_LOGS)))
// Then on a chain that mines every 0.45 s, for FAST_CHAIN_SECONDS.
if (runs('fastchain')) rows.push(...(await benchFastChain(FAST_CHAIN_SECONDS)))
const seconds = (Date.now() - startedAt) / 1000
if (rows.length > 0) console.log(`\n${tableOf(rows)}\n`)
if (choices.length > 0) console.log(`\n${choicesTableOf(choices)}\n`)
console.log(`bench took ${seconds.toFixed(0)} s`)
if (only) console.log('BENCHMARKS.md left as it is: it holds full runs only')
else {
  const settings = `${REGISTERED} vaults and ${REGISTERED} reward pools registered on chain 56, ${SECONDS} s per side of a case in ${ROUNDS} turns, ${INDEX_LOGS} logs for the index, ${FAST_CHAIN_SECONDS} s of a 0.45 s chain`
  writeReport('BENCHMARKS.md', { rows, choices, shape, settings, seconds })
  console.log('wrote BENCHMARKS.md')
}

/** Every part but the index's, on the devnet with REGISTERED vaults and pools more on chain 56; their rows. */
async function benchOnDevnet(): Promise<Row[]> {
  const devnet = await startDevnet({ manifestPath: '.devnet/bench-manifest.json' })
  try {
    const deployedAt = Date.now()
    const extra = await deployExtra(devnet.manifest, REGISTERED, undefined, { batched: true })
    console.log(`deployed ${REGISTERED} vaults and ${REGISTERED} reward pools on chain 56 in ${((Date.now() - deployedAt) / 1000).toFixed(0)} s`)
    const rows: Row[] = runs('scale') ? await benchScale(devnet.manifest, extra, SCALE_SIZES) : []
    if (runs('follow')) rows.push(await benchFollowedBlocks(devnet.manifest, extra, REGISTERED, FOLLOW_SECONDS))
    const { DATABASE_URL, REDIS_URL } = process.env
    if (runs('follow') && DATABASE_URL && REDIS_URL)
      rows.push(await benchFollowedBlocks(devnet.manifest, extra, REGISTERED, FOLLOW_SECONDS, { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL }))
    if (!(['reads', 'builds', 'memory', 'streams'] as const).some(runs)) return [...rows, ...(runs('nodecost') ? [await benchNodeCost(devnet.manifest)] : [])]
    const deployment = await deploy(devnet.manifest, registryWith(devnet.manifest, extra, REGISTERED))
    try {
      await waitForSnapshots(deployment.api.url)
      // The nodes too: the history backfill reads a month of the registry's past state, one block
      // at a time, which costs the node far more than the refresher that asks for it.
      const nodes = childrenNamed('anvil')
      console.log(`waiting for the refresher, the replica and ${nodes.length} nodes to settle`)
      const start = await settled([deployment.refresher.pid(), deployment.api.pid(), ...nodes], SETTLE_LIMIT_MS)
      shape = `service: ${deployment.shape}; measured once it and the chains' nodes ${start.settled ? 'settled' : 'had not settled'} (each under a tenth of a core for 5 s), ${(start.ms / 1000).toFixed(0)} s after its first snapshots`
      console.log(
        `${shape}, ${REGISTERED} vaults and ${REGISTERED} reward pools registered on chain 56; ${SECONDS} s per side of a case, in ${ROUNDS} turns with its ceiling\n`,
      )
      if (runs('reads')) rows.push(...(await benchAggregateReads(deployment.api, devnet.manifest, SECONDS, ROUNDS, 50)))
      if (runs('builds')) rows.push(...(await benchBuilds(deployment.api.url, devnet.manifest, SECONDS, ROUNDS, 16)))
      if (runs('memory')) rows.push(await benchReplicaMemory(deployment.api, devnet.manifest, MEMORY_SECONDS, deployment.shape))
      if (runs('streams')) rows.push(...(await benchStreams(deployment.api, devnet.manifest, SECONDS, ROUNDS, STREAMS)))
    } finally {
      await deployment.stop()
    }
    if (runs('nodecost')) rows.push(await benchNodeCost(devnet.manifest))
    return rows
  } finally {
    await devnet.stop()
  }
}
