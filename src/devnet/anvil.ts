import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** One running anvil process. */
export type AnvilInstance = {
  chainId: number
  rpcUrl: string
  process: ChildProcess
  stop(): Promise<void>
}

/**
 * The anvil binary from its npm platform package (`@foundry-rs/anvil-<os>-<arch>`). Only the
 * linux-amd64 one is a dependency: the registry this project installs from carries no other.
 */
function anvilBinary(): string {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform as string]
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string]
  if (os === undefined || arch === undefined) {
    throw new Error(`anvil: no @foundry-rs/anvil package for ${process.platform}/${process.arch}`)
  }
  const exe = os === 'win32' ? 'anvil.exe' : 'anvil'
  const name = `@foundry-rs/anvil-${os}-${arch}`
  try {
    return createRequire(import.meta.url).resolve(`${name}/bin/${exe}`)
  } catch {
    throw new Error(`anvil: ${name} is not installed; run \`npm install --no-save ${name}\` to run the devnet on this machine`)
  }
}

/** A loopback port that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function rpcAnswers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    return res.ok
  } catch {
    return false
  }
}

/** Every anvil this process started and has not stopped, with its state folder. */
const live = new Set<{ process: ChildProcess; cachePath: string; stop(): Promise<void> }>()
/** Set by stopAllAnvils: no anvil starts after it (a signal came while the devnet was starting). */
let closed = false

// However the process ends (a failed start, a shutdown past its deadline), no anvil outlives it
// and no state folder stays behind. Only synchronous work runs here.
process.on('exit', () => {
  for (const anvil of live) {
    anvil.process.kill('SIGKILL')
    rmSync(anvil.cachePath, { recursive: true, force: true })
  }
})

/**
 * Starts anvil for `chainId` on `options.port` (default: a free loopback port the OS picks) and
 * resolves once it answers eth_chainId. `extraArgs` go to anvil as they are (e.g.
 * `--prune-history` for a node without old state). With `options.detached`, anvil has a process
 * group of its own, so a terminal's Ctrl-C reaches only the service, which stops it in its turn.
 */
export async function startAnvil(
  chainId: number,
  accounts: number,
  extraArgs: readonly string[] = [],
  options: { port?: number; detached?: boolean } = {},
): Promise<AnvilInstance> {
  if (closed) throw new Error('anvil: the process is stopping')
  const port = options.port || (await freePort())
  // anvil writes the states it no longer holds in memory under ~/.foundry/anvil/tmp and never
  // removes them (hundreds of MB per test run, GBs for a busy chain): a folder of its own, removed at stop.
  const cachePath = mkdtempSync(join(tmpdir(), 'anvil-states-'))
  const args = ['--port', String(port), '--host', '127.0.0.1', '--chain-id', String(chainId), '--cache-path', cachePath]
  args.push('--hardfork', 'cancun', '--accounts', String(accounts), '--silent', ...extraArgs)
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'], detached: options.detached === true })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000))])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    rmSync(cachePath, { recursive: true, force: true })
    live.delete(entry)
  }
  const entry = { process: child, cachePath, stop }
  live.add(entry)
  const rpcUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  while (!(await rpcAnswers(rpcUrl))) {
    if (child.exitCode !== null || closed || Date.now() > deadline) {
      await stop()
      if (closed) throw new Error('anvil: the process is stopping')
      throw new Error(child.exitCode !== null ? `anvil (chain ${chainId}) exited: ${stderr.trim()}` : `anvil (chain ${chainId}) did not answer on ${rpcUrl}`)
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  return { chainId, rpcUrl, process: child, stop }
}

/** Stops every anvil this process started and removes their state folders; none starts after. */
export async function stopAllAnvils(): Promise<void> {
  closed = true
  await Promise.all([...live].map((anvil) => anvil.stop()))
}
