import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import type { Address } from 'viem'

/** The peer: the npm package `envio` (HyperIndex), this version, in RPC mode (no HyperSync, no token, no Docker). */
export const ENVIO_VERSION = '2.32.12'
/** The pnpm its codegen runs in `generated/` (and in the project): installed beside the project, never on the machine. */
const PNPM_VERSION = '10.34.9'
/** Where the bench installs it: a folder of its own, outside the service's dependencies (git ignores it). */
const FOLDER = join(import.meta.dirname, '..', '.bench', `envio-${ENVIO_VERSION}`)
const PNPM_FOLDER = join(FOLDER, 'pnpm')
/** The schema envio's own tables go to (its ENVIO_PG_PUBLIC_SCHEMA), dropped before the run and after it. */
const SCHEMA = 'bench_envio'
/** How often the bench counts envio's rows, ms. */
const POLL_MS = 100
/** Lines of envio's output kept for its error. */
const TAIL_LINES = 15

/** An envio project that keeps each Transfer of the LogBurst contract as one row, as the index keeps each event. */
const PROJECT: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'bench-envio',
    private: true,
    dependencies: { envio: ENVIO_VERSION, typescript: '5.9.3' },
  }),
  // ts-node runs the handler: without `strict`, as its templates do.
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, skipLibCheck: true },
  }),
  'schema.graphql': `type Transfer {
  id: ID!
  blockNumber: BigInt!
  logIndex: Int!
  txHash: String!
  from: String!
  to: String!
  amount: BigInt!
}
`,
  'src/EventHandlers.ts': `import { LogBurst } from 'generated'
LogBurst.Transfer.handler(async ({ event, context }) => {
  context.Transfer.set({
    id: \`\${event.block.number}_\${event.logIndex}\`, blockNumber: BigInt(event.block.number), logIndex: event.logIndex,
    txHash: event.transaction.hash, from: event.params.from, to: event.params.to, amount: event.params.value,
  })
})
`,
  // Codegen runs pnpm in generated/: rescript's build allowed, and TypeScript 5 for its ts-node 10.9.1 (it fails under 7).
  'generated/pnpm-workspace.yaml': `onlyBuiltDependencies:
  - rescript
allowBuilds:
  rescript: true
overrides:
  typescript: 5.9.3
`,
}

/**
 * The config: the bench's chain and node, LogBurst's Transfer from block 0, each event's
 * transaction hash. Its ranges are `span` blocks (the ceilings' span, about
 * TARGET_LOGS_PER_REQUEST logs), as a user whose node times out would set them: left to its own
 * first range of 4,096 blocks (160,000 logs here), each of envio's eth_getLogs outlived its 20 s
 * timeout (the node answers it in 4 s; envio's own handling of the answer takes the rest), and its
 * retries queued until its block requests timed out too and it crashed. Started at `span` and left
 * to grow, its ranges reached 800 blocks and timed out again.
 */
function configOf(rpcUrl: string, chainId: number, contract: Address, span: number): string {
  return `name: bench-envio
networks:
  - id: ${chainId}
    start_block: 0
    rpc_config:
      url: ${rpcUrl}
      initial_block_interval: ${span}
      interval_ceiling: ${span}
    contracts:
      - name: LogBurst
        address: "${contract}"
        handler: src/EventHandlers.ts
        events:
          - event: Transfer(address indexed from, address indexed to, uint256 value)
            field_selection:
              transaction_fields: [hash]
`
}

const versionOf = (packageJson: string) =>
  existsSync(packageJson) ? (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version.replace(/^v/, '') : undefined

/** PATH with the bench's pnpm first: envio calls `pnpm` by name. */
const withPnpm = () => ({ ...process.env, PATH: `${join(PNPM_FOLDER, 'node_modules', '.bin')}:${process.env.PATH}` })

/** The last lines of a process's output: envio's own words for what went wrong. */
const tailOf = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.trim())
    .slice(-TAIL_LINES)
    .join('\n')

/**
 * What made envio stop: its first ERROR record (the line and its fields, up to the next record),
 * then the last lines before the CLI's own message. When the indexer crashes, the CLI ends with
 * "Indexer crashed" and its Rust backtrace, which would otherwise fill the tail and hide the cause.
 */
export function envioErrorOf(output: string): string {
  const beforeCli = output.split(/\n(?=Error: Failed cli execution)/)[0]!
  const lines = beforeCli.split('\n')
  const first = lines.findIndex((line) => / ERROR \(\d+\):/.test(line))
  const next = first < 0 ? -1 : lines.findIndex((line, index) => index > first && /^\[\d\d:\d\d:/.test(line))
  const record = first < 0 ? [] : lines.slice(first, next < 0 ? undefined : next).filter((line) => line.trim())
  return [...record, tailOf(beforeCli), ...(output.includes('Indexer crashed') ? ['Indexer crashed'] : [])].join('\n')
}

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { cwd: FOLDER, env: withPnpm(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) throw new Error(`${what} failed (${result.status ?? result.signal}): ${tailOf(`${result.stdout}${result.stderr}`)}`)
}

/**
 * Installs pnpm beside the project (npm) and envio into it (pnpm: its codegen installs the project
 * again with pnpm, which would move an npm install aside), once; writes the project and the
 * config for this chain, and runs `envio codegen` (generated/, its ReScript built).
 */
function installEnvio(rpcUrl: string, chainId: number, contract: Address, span: number): void {
  mkdirSync(join(FOLDER, 'src'), { recursive: true })
  mkdirSync(join(FOLDER, 'generated'), { recursive: true })
  mkdirSync(PNPM_FOLDER, { recursive: true })
  for (const [file, text] of Object.entries(PROJECT)) writeFileSync(join(FOLDER, file), text)
  writeFileSync(join(FOLDER, 'config.yaml'), configOf(rpcUrl, chainId, contract, span))
  if (versionOf(join(PNPM_FOLDER, 'node_modules', 'pnpm', 'package.json')) !== PNPM_VERSION) {
    console.log(`index: installing pnpm ${PNPM_VERSION} into ${PNPM_FOLDER}`)
    writeFileSync(join(PNPM_FOLDER, 'package.json'), JSON.stringify({ private: true }))
    const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `pnpm@${PNPM_VERSION}`], { cwd: PNPM_FOLDER, stdio: 'inherit' })
    if (result.status !== 0) throw new Error(`npm install of pnpm ${PNPM_VERSION} failed`)
  }
  if (versionOf(join(FOLDER, 'node_modules', 'envio', 'package.json')) !== ENVIO_VERSION) {
    console.log(`index: installing envio ${ENVIO_VERSION} into ${FOLDER}`)
    run('pnpm', ['install', '--reporter=silent'], `pnpm install of envio ${ENVIO_VERSION}`)
  }
  run(process.execPath, [join(FOLDER, 'node_modules', 'envio', 'bin.js'), 'codegen'], 'envio codegen')
  // The handler imports `generated`: the package codegen just wrote.
  rmSync(join(FOLDER, 'node_modules', 'generated'), { recursive: true, force: true })
  symlinkSync('../generated', join(FOLDER, 'node_modules', 'generated'), 'dir')
}

/**
 * (d) envio indexing every Transfer of `contract` into PostgreSQL (one row per event), from the
 * same node over plain RPC, into a schema of its own: timed from `envio start` until its table
 * holds `expected` rows (the bench counts them every POLL_MS), its own start (ts-node compiling
 * the handler, its migrations; `startSeconds`, until its table answers) included; codegen runs
 * before the clock. Throws with the last
 * lines of envio's output when it exits or stalls before holding them.
 */
export async function benchEnvio(rpcUrl: string, chainId: number, contract: Address, expected: number, databaseUrl: string, span: number) {
  installEnvio(rpcUrl, chainId, contract, span)
  const url = new URL(databaseUrl)
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`drop schema if exists ${SCHEMA} cascade`)
    const started = performance.now()
    // A process group of its own: envio runs pnpm, which runs ts-node; stopping it stops them all.
    const child = spawn(process.execPath, [join(FOLDER, 'node_modules', 'envio', 'bin.js'), 'start'], {
      cwd: FOLDER,
      detached: true,
      env: {
        ...withPnpm(),
        ENVIO_PG_HOST: url.hostname,
        ENVIO_PG_PORT: url.port || '5432',
        ENVIO_PG_USER: decodeURIComponent(url.username) || 'postgres',
        ENVIO_PG_PASSWORD: decodeURIComponent(url.password),
        ENVIO_PG_DATABASE: url.pathname.slice(1),
        ENVIO_PG_PUBLIC_SCHEMA: SCHEMA,
        ENVIO_HASURA: 'false',
        TUI_OFF: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-64 * 1024)
      if (process.env.ENVIO_LOG) process.stdout.write(chunk)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    let exited: number | string | undefined
    child.once('exit', (code, signal) => {
      exited = code ?? signal ?? 'unknown'
    })
    try {
      // Envio keeps going when it cannot go on (it retries the node): a limit of its own, well above a slow peer's backfill.
      const deadline = started + (120 + expected / 1_000) * 1_000
      let stored = 0
      /** When its table first answered: its start (ts-node, migrations) done. */
      let tableAt: number | undefined
      for (;;) {
        stored = await admin
          .query(`select count(*)::int as n from ${SCHEMA}."Transfer"`)
          .then((result) => {
            tableAt ??= performance.now()
            return (result.rows as [{ n: number }])[0].n
          })
          .catch(() => 0)
        if (stored >= expected) break
        if (exited !== undefined) throw new Error(`envio exited with ${exited} having stored ${stored} of ${expected} transfers: ${envioErrorOf(output)}`)
        if (performance.now() > deadline)
          throw new Error(`envio stored ${stored} of ${expected} transfers in ${((performance.now() - started) / 1000).toFixed(0)} s: ${envioErrorOf(output)}`)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
      const seconds = (performance.now() - started) / 1000
      if (stored !== expected) throw new Error(`envio stored ${stored} transfers, ${expected} were laid down`)
      return { rate: expected / seconds, seconds, startSeconds: ((tableAt ?? performance.now()) - started) / 1000 }
    } finally {
      if (exited === undefined) {
        const gone = new Promise((resolve) => child.once('exit', resolve))
        process.kill(-child.pid!, 'SIGTERM')
        const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000)
        await gone
        clearTimeout(killer)
      }
      // What it started and left behind (pnpm, ts-node), if anything.
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {}
    }
  } finally {
    await admin.query(`drop schema if exists ${SCHEMA} cascade`).catch(() => undefined)
    await admin.end()
  }
}
