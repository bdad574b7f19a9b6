import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { freePort } from '../src/devnet/index.js'
import type { ClientTargets } from './usedClients.js'

/** A process the bench started: where it listens and how to read its memory and stop it. */
export interface BenchProcess {
  url: string
  child: ChildProcess
  /** The process that serves: `child`, or the service `child` (a launcher) started. */
  pid(): number
  /** Resident set size of `pid()` now, bytes (Linux /proc). */
  rss(): number
  output(): string
  stop(): Promise<void>
}

/** Node flags that write a CPU profile of a forked process into BENCH_PROFILE's folder (where its time goes), or none. */
export function profileFlags(): string[] {
  const folder = process.env.BENCH_PROFILE
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${folder}`] : []
}

/** Resident set size of `pid`, bytes. */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'))
  return Number(line?.replace(/[^0-9]/g, '') ?? 0) * 1024
}

/** CPU time `pid` has used, user and system, ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** A share of a core under which a process counts as settled, and how long each look at it lasts. */
const SETTLED_SHARE = 0.1
const SETTLE_WINDOW_MS = 5_000

/**
 * Waits until each of `pids` spends under a tenth of a core over a 5 s window, `limitMs` at most,
 * and says how long that took. A refresher's start goes on after the first snapshots are served
 * (the event index's backfill, the history's, the lookups' snapshots, each of them decoded by
 * every replica): measuring reads meanwhile measures that start, on the cores the replica shares.
 */
export async function settled(pids: number[], limitMs: number): Promise<{ ms: number; settled: boolean }> {
  const startedAt = performance.now()
  for (;;) {
    const before = pids.map(cpuMsOf)
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WINDOW_MS))
    const quiet = pids.every((pid, index) => cpuMsOf(pid) - before[index]! < SETTLED_SHARE * SETTLE_WINDOW_MS)
    const ms = performance.now() - startedAt
    if (quiet || ms >= limitMs) return { ms, settled: quiet }
  }
}

/**
 * The processes named `name` (their command, as /proc/<pid>/comm gives it) among the children of
 * this one: the anvil nodes of the devnet the bench started.
 */
export function childrenNamed(name: string): number[] {
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number)
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name
    } catch {
      // Gone since the list was read.
      return false
    }
  })
}

/** The one child of process `pid` (Linux /proc). */
function childOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean)
  if (children.length !== 1) throw new Error(`process ${pid} has ${children.length} children, expected the service alone`)
  return Number(children[0])
}

/**
 * A rate limit no bench load reaches: the limiter still counts every request (from leases of the
 * count in Redis when REDIS_URL is set: a client far from its limit, as the bench's load is, costs
 * Redis one question per lease), as in production, where a limit of 0 would switch that work off.
 */
const UNREACHED_RATE_LIMIT = '1000000000'

/**
 * Starts the compiled service (`npm run build` first) as production starts it,
 * `NODE_ENV=production node scripts/start.mjs` (which runs dist/ with the production V8 flags),
 * in its own processes (so the load generator does not share its event loop), and waits until
 * `ready` answers 200. Its memory is the service's, not the launcher's.
 */
export async function startServiceProcess(role: 'all' | 'api' | 'refresher', env: Record<string, string>, ready = '/readyz'): Promise<BenchProcess> {
  const port = await freePort()
  const launcher = await spawnAndWait(
    [process.execPath, 'scripts/start.mjs', '--role', role],
    { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: UNREACHED_RATE_LIMIT, NODE_ENV: 'production', ...env, PORT: String(port) },
    port,
    role === 'refresher' ? undefined : ready,
  )
  let service: number | undefined
  const pid = () => (service ??= childOf(launcher.child.pid!))
  return { ...launcher, pid, rss: () => rssOf(pid()) }
}

/**
 * Starts the bare Fastify server (see bareServer.ts): answering reads from `answersFile`,
 * forwarding node batches to `nodeUrl`, or both; under `v8Flags`; after using the clients a
 * replica holds for `usedClients.ms`, when given.
 */
export async function startBareServer(options: {
  answersFile?: string
  nodeUrl?: string
  v8Flags?: readonly string[]
  usedClients?: ClientTargets & { ms: number }
}): Promise<BenchProcess> {
  const port = await freePort()
  const env: Record<string, string> = { PORT: String(port) }
  if (options.answersFile) env.ANSWERS_FILE = options.answersFile
  if (options.nodeUrl) env.NODE_URL = options.nodeUrl
  const used = options.usedClients
  if (used) {
    env.USE_CLIENTS_MS = String(used.ms)
    env.CLIENTS_NODE_URL = used.nodeUrl
    if (used.databaseUrl) env.DATABASE_URL = used.databaseUrl
    if (used.redisUrl) env.REDIS_URL = used.redisUrl
  }
  return spawnAndWait([process.execPath, ...(options.v8Flags ?? []), '--import', 'tsx', 'bench/bareServer.ts'], env, port, '/__ready')
}

async function spawnAndWait(command: string[], env: Record<string, string>, port: number, ready: string | undefined): Promise<BenchProcess> {
  let output = ''
  const child = spawn(command[0]!, command.slice(1), { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const handle: BenchProcess = {
    url,
    child,
    pid: () => child.pid!,
    rss: () => rssOf(child.pid!),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited: ${output}`)
    if (!ready) return handle
    const status = await fetch(`${url}${ready}`)
      .then((response) => response.status)
      .catch(() => 0)
    if (status === 200) return handle
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await handle.stop()
  throw new Error(`${command.join(' ')} not ready: ${output}`)
}
