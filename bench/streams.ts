import { request, type ClientRequest } from 'node:http'
import { toHex } from 'viem'
import type { DevnetManifest } from '../src/devnet/index.js'
import { heldTo, interleaved, medianRatio, summary, type Measured, type Row } from './load.js'
import type { BenchProcess } from './processes.js'

/** Blocks mined once the streams are open, so each carries events before its turn is measured. */
const BLOCKS_PER_TURN = 2
/** How long the streams may take to hear a turn's blocks, ms. */
const HEAR_WITHIN_MS = 30_000
/** RSS the open streams may cost the replica, MB; its cached reads may lose this share of throughput. */
const BUDGET_MB = 20
const THROUGHPUT_FLOOR = 0.95

interface OpenStreams {
  /** Events every stream received so far, in all. */
  events(): number
  close(): void
}

/** Opens `count` streams of chain 56's snapshots on `base`, each its own connection, counting the events they get. */
async function openStreams(base: string, count: number): Promise<OpenStreams> {
  const requests: ClientRequest[] = []
  let events = 0
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const asked = request(`${base}/stream?chain=56&topics=snapshot`, { agent: false }, (response) => {
            if (response.statusCode !== 200) reject(new Error(`GET /stream answered ${response.statusCode}`))
            response.setEncoding('utf8')
            response.on('data', (chunk: string) => (events += chunk.split('\nevent: ').length - 1))
            response.on('error', () => undefined)
            resolve()
          })
          asked.on('error', reject)
          asked.end()
          requests.push(asked)
        }),
    ),
  )
  return {
    events: () => events,
    close: () => {
      for (const asked of requests) asked.destroy()
    },
  }
}

/**
 * What `count` open event streams cost one api replica: its RSS with them open against without
 * (each after the same read load), and its cached-read throughput (`/tvl?platform=all`, an
 * answer kept per snapshot) with them open against without, in alternating turns. Before each
 * turn with streams, chain 56 gets two blocks and every stream hears their events, so what is
 * measured is streams that carry events, not idle sockets; no block comes during a measurement
 * (a new snapshot would make both sides compute the answer again, and measure that instead).
 */
export async function benchStreams(api: BenchProcess, manifest: DevnetManifest, seconds: number, rounds: number, count: number): Promise<Row[]> {
  const rpcUrl = manifest.chains['56']!.rpcUrl
  const mine = () =>
    fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: [toHex(1)] }),
    })
  const target = { url: `${api.url}/tvl?platform=all`, connections: 50 }
  const without: number[] = []
  const withStreams: number[] = []
  const runs = { without: [] as Measured[], open: [] as Measured[] }
  let events = 0
  // A turn first, not counted: right after the start the replica's memory and speed still settle.
  await interleaved({ x: target }, 1, seconds / rounds)
  for (let round = 0; round < rounds; round++) {
    runs.without.push(...(await interleaved({ x: target }, 1, seconds / rounds)).x)
    without.push(api.rss())
    const streams = await openStreams(api.url, count)
    try {
      for (let block = 0; block < BLOCKS_PER_TURN; block++) {
        await mine()
        const deadline = Date.now() + HEAR_WITHIN_MS
        while (streams.events() < count * (block + 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      runs.open.push(...(await interleaved({ x: target }, 1, seconds / rounds)).x)
      withStreams.push(api.rss())
      events += streams.events()
    } finally {
      streams.close()
    }
  }
  const costMb = Math.max(...withStreams.map((rss, round) => (rss - without[round]!) / 1024 / 1024))
  const ratio = medianRatio(runs.open, runs.without)
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
  return [
    {
      figure: `replica RSS with ${count} open streams (GET /stream), after the same read load`,
      value: `+${costMb.toFixed(1)} MB at most over ${rounds} turns (${withStreams.map(mb).join(', ')} MB against ${without.map(mb).join(', ')} MB without; ${events} events received, of ${count * BLOCKS_PER_TURN * rounds} snapshot events at least)`,
      ceiling: '— (a budget)',
      ratio: '—',
      target: `≤ ${BUDGET_MB} MB`,
      met: costMb <= BUDGET_MB,
    },
    {
      figure: `E1 /tvl?platform=all with ${count} open streams, ${target.connections} conn.`,
      value: summary(runs.open),
      ceiling: `${summary(runs.without)} (the same replica, no stream open, alternating turns)`,
      ...heldTo(ratio, '≥', THROUGHPUT_FLOOR),
    },
  ]
}
