import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
 * Where the difference goes (perf sampling both processes under this paced load, 2026-12-02, with
 * a bare Fastify started inside the replica's process beside them): the replica's kept path and
 * that in-process Fastify cost alike, so the difference was the process. Every response of the
 * replica was a hash table (V8 had sized them at the seventh, after full collections dropped the
 * shapes of the first six: src/keepHttpShapes.ts), and Node's HTTP code spent its time in
 * megamorphic loads and hash lookups: 5,924 main-thread samples against the bare server's 2,865
 * for the same 30,000 answers to /tvl. With the shapes held, 5,656 against 4,293: what is left is
 * the kept path's own work (the request id, the rate limit's count, the header list, the
 * metrics), about as much as Fastify's routing and reply in the bare server, and Node's stream
 * and HTTP code seeing more shapes in a process that also talks to nodes, Redis and PostgreSQL.
 *
 * What the rest is not (E1, 1,000 + 1,000 registered, 2026-12-04): it is user time (25–28 µs per
 * answer at saturation against 20–22; system time about 10 in both). The replica collects as often
 * as a bare server with its V8 flags (283 scavenges per 100,000 answers against 310), so it
 * allocates no more per answer. A bare server holding 280 MB of live objects answered within 1 µs
 * of one holding none, and Node's `--use-largepages=on` saved the replica under 1 µs. Leaving out
 * one step of the kept path at a time (the request id, the rate limit, the metrics) moved its
 * throughput by 0.02–0.04 each, no more than two replicas of the same build differ by.
 */
export async function benchAggregateReads(api: BenchProcess, manifest: DevnetManifest, seconds: number, rounds: number, connections: number): Promise<Row[]> {
  const base = api.url
  const paths = aggregatePaths(manifest)
  const { file, answers } = await captureAnswers(
    base,
    paths.map(([, path]) => path),
  )
  const [ceiling, copy] = await Promise.all([startBareServer({ answersFile: file }), startBareServer({ answersFile: file })])
  const rows: Row[] = []
  try {
    for (const [name, path] of paths) {
      const runs = await interleaved(
        {
          served: { url: `${base}${path}`, connections },
          bare: { url: `${ceiling.url}${path}`, connections },
          copy: { url: `${copy.url}${path}`, connections },
        },
        rounds,
        seconds,
      )
      const rate = Math.min(CPU_RATE, Math.floor(Math.min(...runs.served.map((run) => run.rps)) / 2))
      const [servedCpu, bareCpu] = [await cpuPerAnswer(api, path, rate), await cpuPerAnswer(ceiling, path, rate)]
      const [ratio, noise] = [medianRatio(runs.served, runs.bare), medianRatio(runs.copy, runs.bare)]
      rows.push({
        figure: `${name} (${(Buffer.byteLength(answers[path]!.body) / 1024).toFixed(1)} KB), ${connections} conn.`,
        value: `${summary(runs.served)}; ${servedCpu} µs CPU per answer at ${rate} req/s`,
        ceiling: `${summary(runs.bare)}; ${bareCpu} µs CPU per answer (bare Fastify, same body and headers); a second bare server in the same turns: ${noise.toFixed(2)} of it`,
        ...heldTo(ratio, '≥', 0.9),
        limit: `${servedCpu - bareCpu} µs more CPU per answer than the bare route (${servedCpu} against ${bareCpu}): the kept path's own work (request id, rate limit, freshness headers, metrics) and Node's HTTP code running slower in a process that also talks to nodes, Redis and PostgreSQL, with the load generator and the chains on the same cores. In the same turns a second bare server read ${noise.toFixed(2)} of the first`,
      })
    }
  } finally {
    await Promise.all([ceiling.stop(), copy.stop()])
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
