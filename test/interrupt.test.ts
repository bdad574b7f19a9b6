import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../src/devnet/index.js'

/** `npm start` on the devnet as a person starts it in a terminal: a process group of its own, with its own temp directory. */
async function startInTerminal(rpcPort = 0, port = 0) {
  const temp = mkdtempSync(join(tmpdir(), 'interrupt-tmp-'))
  const data = mkdtempSync(join(tmpdir(), 'interrupt-data-'))
  let output = ''
  const child = spawn('npm', ['start'], {
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TMPDIR: temp,
      PORT: String(port || (await freePort())),
      DEVNET_RPC_PORT: String(rpcPort),
      DEVNET_DATA_DIR: join(data, 'pglite'),
      LOG_FORMAT: 'json',
      HISTORY_BACKFILL_DAYS: '0',
      // What is tested is the stop, not the figures: a last day of past with fewer blocks to mine.
      DEVNET_BLOCK_TIME_MS: '600000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, temp, data, exited, output: () => output }
}

/** A loopback port with the two after it free a moment ago: the devnet's three chains. */
async function threeFreePorts(besides: number): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    // Below Linux's ephemeral range (32768 up): there, any test's outgoing connection may take
    // one of the three between this check and the start (it did once in CI).
    if (Math.abs(port - besides) <= 2) continue
    const free = await Promise.all([port, port + 1, port + 2].map(isFree))
    if (free.every(Boolean)) return port
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** What anvil left in the temp directory: its state folders (tsx keeps its own compile cache there). */
const anvilLeftovers = (temp: string) => readdirSync(temp).filter((name) => name.startsWith('anvil-states-'))

/**
 * The pids of the anvils under `root` in the process tree (from /proc: each process's parent),
 * found while they run; afterwards each is checked by its own pid, not by a name pattern.
 */
function anvilsUnder(root: number): number[] {
  const parents = new Map<number, { parent: number; name: string }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue
    try {
      // "pid (comm) state ppid …": the name may hold spaces or parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(Number(entry), { parent, name })
    } catch {
      // Gone while the folder was read.
    }
  }
  const under = (pid: number): boolean => {
    for (let at = parents.get(pid); at; at = parents.get(at.parent)) if (at.parent === root) return true
    return false
  }
  return [...parents].filter(([pid, { name }]) => name === 'anvil' && under(pid)).map(([pid]) => pid)
}

/** Whether the process `pid` still runs (a zombie not yet reaped counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

/** Ctrl-C in a terminal: SIGINT to the whole foreground process group (npm, the start script, the service). */
const ctrlC = (child: ChildProcess) => process.kill(-child.pid!, 'SIGINT')

async function until(condition: () => boolean, what: string, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (/start failed|in use/.test(output())) throw new Error(`the start failed while waiting for ${what}:\n${output().slice(-2000)}`)
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output().slice(-2000)}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    })
    return response.ok
  } catch {
    return false
  }
}

describe('Ctrl-C in a terminal', () => {
  let running: { child: ChildProcess; temp: string } | undefined
  /** The anvils seen under the running start, by pid. */
  let anvils: number[] = []
  afterEach(() => {
    if (!running) return
    if (running.child.exitCode === null) process.kill(-running.child.pid!, 'SIGKILL')
    // After a failure: the anvils (their own process groups) the test saw, by their pids.
    for (const pid of anvils) if (alive(pid)) process.kill(pid, 'SIGKILL')
    running = undefined
    anvils = []
  })

  it('once ready: a graceful stop, exit 0, no node left running, nothing left in the temp directory', async () => {
    const port = await freePort()
    const rpcPort = await threeFreePorts(port)
    const service = await startInTerminal(rpcPort, port)
    running = service
    await until(() => service.output().includes('"msg":"ready:'), 'the ready line', service.output)
    const manifest = JSON.parse(readFileSync(join(service.data, 'manifest.json'), 'utf8')) as { chains: Record<string, { rpcUrl: string }> }
    // The chains are where DEVNET_RPC_PORT says, in the order of their ids, on every start.
    expect(Object.fromEntries(Object.entries(manifest.chains).map(([id, chain]) => [id, chain.rpcUrl]))).toEqual({
      '1': `http://127.0.0.1:${rpcPort}`,
      '56': `http://127.0.0.1:${rpcPort + 1}`,
      '43114': `http://127.0.0.1:${rpcPort + 2}`,
    })
    const nodes = Object.values(manifest.chains).map((chain) => chain.rpcUrl)
    expect(await Promise.all(nodes.map(rpcAnswers))).toEqual([true, true, true])
    anvils = anvilsUnder(service.child.pid!)
    expect(anvils).toHaveLength(3)
    ctrlC(service.child)
    // A second press while it stops (and npm's forwarding of the first) must not cut the shutdown short.
    setTimeout(() => service.child.exitCode === null && ctrlC(service.child), 50)
    expect(await service.exited, service.output().slice(-2000)).toBe(0)
    expect(service.output()).toContain('SIGINT: shutting down')
    expect(service.output()).not.toContain('close failed')
    expect(await Promise.all(nodes.map(rpcAnswers))).toEqual([false, false, false])
    expect(anvils.filter(alive)).toEqual([])
    expect(anvilLeftovers(service.temp)).toEqual([])
  })

  it('while the devnet is starting: the anvils already running stop and their folders go', async () => {
    const service = await startInTerminal()
    running = service
    // The first anvil has its state folder: the devnet is part way through its start.
    await until(
      () => {
        anvils = anvilsUnder(service.child.pid!)
        return anvils.length > 0
      },
      'an anvil to start',
      service.output,
    )
    ctrlC(service.child)
    expect(await service.exited, service.output().slice(-2000)).toBe(0)
    expect(service.output()).toContain('SIGINT: shutting down')
    expect(service.output()).not.toContain('start failed')
    // The anvils started after the one seen were seen by the service; those the test saw are gone by pid.
    expect(anvils.filter(alive)).toEqual([])
    expect(anvilLeftovers(service.temp)).toEqual([])
  })
})
