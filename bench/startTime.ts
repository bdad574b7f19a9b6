import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { devnetRegistry, freePort, startDevnet } from '../src/devnet/index.js'
import { createDataDir } from '../src/store/index.js'
import type { Row } from './load.js'

/** Seconds from spawning `node scripts/start.mjs` with `env` to its /readyz answering 200; the process is stopped after. */
async function secondsToReady(env: Record<string, string>): Promise<number> {
  const port = await freePort()
  const startedAt = performance.now()
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    while (performance.now() - startedAt < 120_000) {
      if (child.exitCode !== null) throw new Error(`npm start exited: ${output}`)
      const status = await fetch(`http://127.0.0.1:${port}/readyz`)
        .then((response) => response.status)
        .catch(() => 0)
      if (status === 200) return (performance.now() - startedAt) / 1000
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`npm start not ready within 120 s: ${output}`)
  } finally {
    // The service stops its devnet's anvils on SIGINT, as on a terminal's Ctrl-C.
    child.kill('SIGINT')
    await exited
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * `npm start` after `npm install`, `runs` times: seconds until /readyz answers, the devnet's chains
 * loaded from the past the install laid (scripts/layDevnet.ts, run here once as `npm install`
 * runs it) and brought to now. Its ceiling, in the same run: the same command on chains already
 * running (RPC_URLS_<id> and the devnet's registry), the service's own start alone. Target: ready
 * within 5 s (#36).
 */
export async function benchStart(runs: number): Promise<Row[]> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-start-'))
  try {
    const devnetRuns: number[] = []
    const devnetDataDir = join(folder, 'devnet', 'pglite')
    const laying = performance.now()
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/layDevnet.ts'], { env: { ...process.env, DEVNET_DATA_DIR: devnetDataDir }, stdio: 'pipe' })
    console.log(`laid the devnet's past as \`npm install\` does in ${((performance.now() - laying) / 1000).toFixed(0)} s`)
    for (let run = 0; run < runs; run++) devnetRuns.push(await secondsToReady({ DEVNET_RPC_PORT: '0', DEVNET_DATA_DIR: devnetDataDir }))
    const devnet = await startDevnet({ manifestPath: join(folder, 'manifest.json') })
    const serviceRuns: number[] = []
    try {
      const registry = join(folder, 'registry.json')
      writeFileSync(registry, JSON.stringify(devnetRegistry(devnet.manifest)))
      const chains = Object.fromEntries(Object.values(devnet.manifest.chains).map((chain) => [`RPC_URLS_${chain.chainId}`, chain.rpcUrl]))
      // A store made beforehand, as `npm install` makes the devnet's: a new PGlite cluster alone costs seconds.
      const dataDir = join(folder, 'data')
      await createDataDir(dataDir)
      for (let run = 0; run < runs; run++) serviceRuns.push(await secondsToReady({ ...chains, REGISTRY_FILE: registry, DATA_DIR: dataDir }))
    } finally {
      await devnet.stop()
    }
    const [value, ceiling] = [median(devnetRuns), median(serviceRuns)]
    console.log(
      `npm start ready after ${devnetRuns.map((s) => s.toFixed(1)).join(', ')} s; on running chains ${serviceRuns.map((s) => s.toFixed(1)).join(', ')} s`,
    )
    return [
      {
        figure: '`npm start` ready on the devnet `npm install` laid (median, s)',
        value: value.toFixed(1),
        ceiling: `${ceiling.toFixed(1)} (the service alone, on chains already running)`,
        ratio: (value / ceiling).toFixed(2),
        target: '≤ 5 s',
        met: value <= 5,
      },
    ]
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
