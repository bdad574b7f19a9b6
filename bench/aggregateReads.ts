import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { v8FlagsOf } from '../scripts/productionV8Flags.mjs'
import type { DevnetManifest } from '../src/devnet/index.js'
import type { CapturedAnswer } from './bareServer.js'
import { heldTo, interleaved, medianRatio, summary, type Row } from './load.js'
import { pacedLoad } from './pacedLoad.js'
import { cpuMsOf, startBareServer, type BenchProcess } from './processes.js'

/**
 * Requests per second of the paced load under which each server's CPU per answer is measured, or
 * half the service's measured throughput when that is less (E2's 750 KB): the same load on both,
 * well under either's capacity.
 */
const CPU_RATE = 5000
/** Seconds of that paced load per server and path. */
const CPU_SECONDS = 3

/** How long the bare server standing in for a replica's process uses a replica's clients before it serves. */
const CLIENTS_USED_MS = 4000

/** Headers of a connection or of one response's framing, which the ceiling's own server writes. */
const FRAMING_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

/** The aggregate reads measured, each with a path a client would ask. */
export function aggregatePaths(manifest: DevnetManifest): [string, string][] {
  const chain = manifest.chains['56']!
  const pool = chain.rewardPools[0]!
  return [
    ['E1 GET /tvl', '/tvl?platform=all'],
    ['E2 GET /v2/pools', '/v2/pools?chain=56'],
    ['E3 GET /bridges', '/bridges'],
    ['P6 GET /tvl/pool/{pool}', `/tvl/pool/${pool.address}?chain=56`],
    ['P7 GET /tokens/{token}/staked', `/tokens/${pool.stakingTokens[0]}/staked?chain=56`],
    ['U2 GET /lp', `/lp?lptoken=${chain.pairs[0]!.address}&amount=1000000000000000000&chain=56`],
    ['U3 GET /tokens', '/tokens?chain=56'],
    ['GET /tvl/history', '/tvl/history?platform=all'],
  ]
}

/** Waits until the replica answers from a snapshot (an `age` header), not from a live read. */
export async function waitForSnapshots(base: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const answers = await Promise.all(
      ['1', '56', '43114'].map((chain) => fetch(`${base}/v2/pools?chain=${chain}`).then((response) => response.headers.get('age'))),
    )
    if (answers.every((age) => age !== null)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('no snapshot within 60 s')
}

/**
 * Each aggregate read of the replica at `base` against a bare Fastify route in its own process
 * sending the very bytes the replica answered, body and headers (CORS and freshness included),
 * captured beforehand: the HTTP ceiling. The two are measured in turn for `rounds` (`seconds` in
 * all each), and the ratio is the median of the rounds'. A second bare server sending the same
 * bytes takes the same turns, and its ratio to the first stands in the row: what two identical
 * servers differ by in this run, the noise a ratio carries. On two cores shared with the load
 * generator a single turn of one bare server against another read 0.74–1.48 of it, and the median
 * of three turns of 2 s 0.80–1.20, 6 of 40 under 0.9 (2026-12-03); the median of twelve turns of
 * 0.5 s (the default since) 0.98–1.03 in 10 runs: a ratio a little under 0.9 says less than the
 * row's target suggests when its copy strayed as far. Beside each throughput, each server's CPU
 * time per answer under the same paced load (CPU_RATE or less): on two cores shared with the load
 * generator, throughput at saturation moves up to 1.8× between runs; CPU per answer moves less
 * (within a few µs on a quiet machine, up to 20 µs on a noisy one), and it is what one answer
 * costs whatever else the machine does.
 *
 * Where the difference goes. A third bare server sending the same bytes takes the same turns: one
 * that first used, for a few seconds, the clients a replica holds (the node:http client on a
 * node, pg, ioredis; usedClients.ts) and runs under the replica's V8 flags. Its ratio stands in
 * the row beside the copy's: what a Fastify route costs in a process that has used those clients,
 * with none of the kept path's work. Found on 2026-12-04, with 1,000 + 1,000 registered, E1:
 * - Node's HTTP, stream and event code is megamorphic in the replica. V8's IC log (--log-ic) over
 *   its start and 8 s of load holds 111,452 megamorphic inline-cache updates against 3,856 for a
 *   bare server; emit, addListener, Readable.on/read/resume, endReadableNT, the ReadableState and
 *   IncomingMessage constructors, the parser's callbacks and clearBuffer among them. The same
 *   functions answer a request and carry the sockets, streams and events of the node, PostgreSQL
 *   and Redis clients, so they have seen more shapes than V8 keeps apart. Sampled (CDP, 50 µs),
 *   the replica spent 6-21x the bare server's time per answer in each of resOnFinish,
 *   setStreamTimeout, endReadableNT and checkInvalidHeaderChar.
 * - A bare server that used one client for 4 s read 0.93-0.95 of one that did not (node:http),
 *   0.97 (pg) and 0.95 (ioredis); undici's fetch in place of node:http, 0.95. With all three, 0.86
 *   to 0.98, and under the replica's V8 flags too, 0.90-1.02 (the flags alone: 0.96; the 4 MB
 *   semi-space scavenges every ~400 answers, 0.27 ms each in a bare server, 0.34 in the replica).
 * - The kept path's own work (keptReads.ts) sampled 2.4 µs an answer in the replica, where
 *   Fastify's routing and reply sampled 1.2 µs in the bare server; both run on the same slowed
 *   functions in the replica's process, and a bare Fastify started inside it cost as the kept
 *   path did (2026-12-02).
 * In the full run at 73273c4 that server read 0.93-0.98 of the bare one on the six small reads,
 * the copy 0.98-1.01, and the replica 0.85-0.91: a process's clients and the replica's flags
 * account for about half of the replica's gap. The other half is in the replica's process too (not
 * in the kept path's code, by the in-process Fastify above), but not found yet: the replica,
 * unlike this server, keeps using its clients (its nodes' probes, Redis's messages) and holds
 * more code and live objects.
 *
 * Not the clients' thread (2026-12-04, BENCH_ONLY=reads, twice). A fourth bare server in the same
 * turns used the same clients in a worker thread, another V8 isolate whose sockets the HTTP thread
 * never sees: 0.95-1.08 of the bare one, where this server read 0.92-1.05 and the replica
 * 0.80-0.96. A replica whose client I/O ran on a thread of its own would not close the gap. Its
 * clients are nearly idle anyway: at rest the replica asks each node once in 5 s and takes a few
 * snapshot patches a minute from Redis (1.6-4.5 % of a core in all, with its timers). A bare
 * server whose clients kept working on its HTTP thread at 30 operations a second read 0.85-0.93
 * of a pristine one (nine runs of twelve turns), and 0.93-1.07 with them in a worker; the replica
 * is far below that rate. Under the reads' load its young collections took 0.6-0.8 ms each.
 * Nor the semi-space: a replica of the same build started beside it with a 16 MB semi-space
 * (NODE_OPTIONS), in the same turns, read 1.04-1.13 of it in one run and 0.94-1.02 in the next
 * (8 MB: 0.94-1.03), where one with the same 4 MB read 0.98-1.07: two replicas differ by more than
 * two bare servers do.
 *
 * Part of it was V8's limit of 4 shapes per inline cache: a replica whose caches tell 12 apart
 * (scripts/productionV8Flags.mjs, with the runs) read about 6 % more of the bare route than its twin
 * of V8's 4, in the same turns, and the replica has run so since. V8's IC log (--log-ic) held 245
 * megamorphic sites in Node's socket, stream, event and HTTP code with a limit of 4, 124 with 8.
 *
 * Earlier findings, still true: every response of the replica was a hash table until the HTTP
 * objects' shapes were held (src/keepHttpShapes.ts); the replica collects as often as a bare
 * server with its V8 flags; 280 MB of live objects cost a bare server under 1 µs an answer; and
 * leaving out one step of the kept path at a time (the request id, the rate limit, the metrics)
 * moved its throughput by no more than two replicas of the same build differ by.
 */
export async function benchAggregateReads(api: BenchProcess, manifest: DevnetManifest, seconds: number, rounds: number, connections: number): Promise<Row[]> {
  const base = api.url
  const paths = aggregatePaths(manifest)
  const { file, answers } = await captureAnswers(
    base,
    paths.map(([, path]) => path),
  )
  const usedClients = { nodeUrl: manifest.chains['56']!.rpcUrl, databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL, ms: CLIENTS_USED_MS }
  const [ceiling, copy, likeReplica] = await Promise.all([
    startBareServer({ answersFile: file }),
    startBareServer({ answersFile: file }),
    startBareServer({ answersFile: file, v8Flags: v8FlagsOf('api'), usedClients }),
  ])
  const rows: Row[] = []
  try {
    for (const [name, path] of paths) {
      const runs = await interleaved(
        {
          served: { url: `${base}${path}`, connections },
          bare: { url: `${ceiling.url}${path}`, connections },
          copy: { url: `${copy.url}${path}`, connections },
          likeReplica: { url: `${likeReplica.url}${path}`, connections },
        },
        rounds,
        seconds,
      )
      const rate = Math.min(CPU_RATE, Math.floor(Math.min(...runs.served.map((run) => run.rps)) / 2))
      const [servedCpu, bareCpu] = [await cpuPerAnswer(api, path, rate), await cpuPerAnswer(ceiling, path, rate)]
      const [ratio, noise, likeProcess] = [medianRatio(runs.served, runs.bare), medianRatio(runs.copy, runs.bare), medianRatio(runs.likeReplica, runs.bare)]
      rows.push({
        figure: `${name} (${(Buffer.byteLength(answers[path]!.body) / 1024).toFixed(1)} KB), ${connections} conn.`,
        value: `${summary(runs.served)}; ${servedCpu} µs CPU per answer at ${rate} req/s`,
        ceiling: `${summary(runs.bare)}; ${bareCpu} µs CPU per answer (bare Fastify, same body and headers); a second bare server in the same turns: ${noise.toFixed(2)} of it; a bare server that first used a replica's clients, under its V8 flags: ${likeProcess.toFixed(2)} of it`,
        ...heldTo(ratio, '≥', 0.9),
        limit: `${servedCpu - bareCpu} µs more CPU per answer than the bare route (${servedCpu} against ${bareCpu}): Node's HTTP, stream and event code, megamorphic in a process that also talks to a node, PostgreSQL and Redis, and the replica's smaller heap, for part of it: a bare route in a process that used the same clients, under the same flags, read ${likeProcess.toFixed(2)} of the first (a second bare server ${noise.toFixed(2)}); the rest is in the replica's process and not found yet`,
      })
    }
  } finally {
    await Promise.all([ceiling.stop(), copy.stop(), likeReplica.stop()])
  }
  return rows
}

/**
 * What the service at `base` answers to each of `paths` (status 200 required), body and headers
 * bar those of the framing, and a file holding them for the bare server (bareServer.ts).
 */
export async function captureAnswers(base: string, paths: string[]): Promise<{ file: string; answers: Record<string, CapturedAnswer> }> {
  const answers: Record<string, CapturedAnswer> = {}
  for (const path of paths) {
    const response = await fetch(`${base}${path}`)
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !FRAMING_HEADERS.has(name)))
    answers[path] = { body: await response.text(), headers }
  }
  const file = join(mkdtempSync(join(tmpdir(), 'ceiling-')), 'answers.json')
  writeFileSync(file, JSON.stringify(answers))
  return { file, answers }
}

/** CPU time `server` spends per answer to `path` under `rate` requests per second, paced, µs. */
async function cpuPerAnswer(server: BenchProcess, path: string, rate: number): Promise<number> {
  const before = cpuMsOf(server.pid())
  const result = await pacedLoad({ url: server.url, requests: [{ method: 'GET', path }], rate, seconds: CPU_SECONDS, connections: 32 })
  if (result.failures) throw new Error(`${path}: ${result.failures} of ${result.total} failed under paced load on ${server.url}`)
  return Math.round(((cpuMsOf(server.pid()) - before) * 1000) / result.total)
}
