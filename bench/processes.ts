import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { freePort } from '../src/devnet/index.js'

/** A process the bench started: where it listens and how to read its memory and stop it. */
export interface BenchProcess {
  url: string
  child: ChildProcess
  /** Resident set size now, bytes (Linux /proc). */
  rss(): number
  output(): string
  stop(): Promise<void>
}

/** Resident set size of `pid`, bytes. */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((row) => row.startsWith('VmRSS:'))
  return Number(line?.replace(/[^0-9]/g, '') ?? 0) * 1024
}

/**
 * Starts the compiled service (`npm run build` first) as production runs it, in its own process
 * (so the load generator does not share its event loop), and waits until `ready` answers 200.
 */
export async function startServiceProcess(role: 'all' | 'api' | 'refresher', env: Record<string, string>, ready = '/readyz'): Promise<BenchProcess> {
  const port = await freePort()
  return spawnAndWait([process.execPath, 'dist/src/main.js', '--role', role], { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0', NODE_ENV: 'production', ...env, PORT: String(port) }, port, role === 'refresher' ? undefined : ready)
}

/** Starts the bare Fastify ceiling server over `bodiesFile` (see ceilingServer.ts). */
export async function startCeilingServer(bodiesFile: string): Promise<BenchProcess> {
  const port = await freePort()
  return spawnAndWait([process.execPath, '--import', 'tsx', 'bench/ceilingServer.ts', bodiesFile], { PORT: String(port) }, port, '/__ready')
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
    const status = await fetch(`${url}${ready}`).then((response) => response.status).catch(() => 0)
    if (status === 200) return handle
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await handle.stop()
  throw new Error(`${command.join(' ')} not ready: ${output}`)
}
