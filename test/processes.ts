import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { BUILT, builtIsCurrent } from '../scripts/builtIsCurrent.mjs'
import { devnetRegistry, freePort } from '../src/devnet/index.js'
import { devnet } from './devnet.js'

/** A service process started by a test: its port (0 for a refresher) and a way to stop it. */
export interface ServiceProcess {
  port: number
  child: ChildProcess
  output: () => string
  stop(signal?: NodeJS.Signals): Promise<void>
}

/** The devnet's registry as a file, for processes started in configured mode. */
export function registryFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'registry-'))
  const file = join(dir, 'registry.json')
  writeFileSync(file, JSON.stringify(devnetRegistry(devnet())))
  return file
}

/** A PostgreSQL schema of the test's own (dropped by `drop`), and the DATABASE_URL that uses it. */
export async function postgresSchema(databaseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `test_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      await client.query(`drop schema ${schema} cascade`)
      await client.end()
    },
  }
}

/**
 * The service as `npm start` runs it outside production: the build `npm install` made while it is
 * the sources' own (a clean clone's), else the sources through tsx, whose loading costs a start
 * about 2–3 s of CPU more (the suite starts some 40).
 */
export function serviceEntry(): string[] {
  return builtIsCurrent() ? [BUILT] : ['--import', 'tsx', 'src/main.ts']
}

/**
 * Starts the service with `--role <role>` and `env` over the devnet's chains (or the RPC URLs
 * `env` gives) and waits until it serves /readyz (api, all) or logs its first refresh lock
 * (refresher): serviceEntry's, or with `production` the build through `npm start`'s script.
 */
export async function startService(
  role: 'all' | 'api' | 'refresher',
  env: Record<string, string>,
  options: { production?: boolean } = {},
): Promise<ServiceProcess> {
  const port = role === 'refresher' ? 0 : await freePort()
  const chainEnv = Object.fromEntries(Object.values(devnet().chains).map((chain) => [`RPC_URLS_${chain.chainId}`, chain.rpcUrl]))
  let output = ''
  // Production: the JavaScript `npm run build` compiled, through `npm start`'s script.
  const command = [...(options.production ? ['scripts/start.mjs'] : serviceEntry()), '--role', role]
  const child = spawn(process.execPath, command, {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '0',
      // As in refresherApp: the month of history read at a first start (seconds of CPU) has tests of its own.
      HISTORY_BACKFILL_DAYS: '0',
      ...chainEnv,
      PORT: String(port),
      ...env,
      ...(options.production && { NODE_ENV: 'production' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const service: ServiceProcess = {
    port,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
  const deadline = Date.now() + 45_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${role} exited: ${output}`)
    if (role === 'refresher' ? output.includes('role refresher') : await ready(port)) return service
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await service.stop('SIGKILL')
  throw new Error(`${role} did not start: ${output}`)
}

async function ready(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok
  } catch {
    return false
  }
}

/**
 * A loopback TCP proxy to `targetPort` that the test can cut and restore. Cut, it drops every
 * connection and then either takes new ones and never answers (a hung node) or, with
 * `refuse`, closes them at once (a stopped server).
 */
export async function tcpProxy(
  targetPort: number,
): Promise<{ url: string; port: number; cut(options?: { refuse?: boolean }): void; restore(): void; close(): Promise<void> }> {
  let open = true
  let refuse = false
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => undefined)
    if (!open) {
      if (refuse) client.destroy()
      return // a hung node: the connection is taken and never answered
    }
    const upstream = connect(targetPort, '127.0.0.1')
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    cut: (options = {}) => {
      open = false
      refuse = options.refuse ?? false
      for (const socket of sockets) socket.destroy()
    },
    restore: () => {
      open = true
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** GET on a service, parsed. */
export async function getJson<T = Record<string, unknown>>(port: number, path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`)
  return { status: response.status, body: (await response.json()) as T, headers: response.headers }
}

/** The proxy for a JSON-RPC node. */
export const rpcProxy = tcpProxy
