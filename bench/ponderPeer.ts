import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import type { Address } from 'viem'

/** The peer: the npm package `ponder`, this version (the newest that installs on Node 20 from the registry). */
export const PONDER_VERSION = '0.16.10'
/** Where the bench installs it: a folder of its own, outside the service's dependencies (git ignores it). */
const FOLDER = join(import.meta.dirname, '..', '.bench', `ponder-${PONDER_VERSION}`)
const PORT = 42_169
/** The schema ponder's own tables go to; its RPC cache is `ponder_sync`, dropped before the run (a cold cache). */
const SCHEMA = 'bench_ponder'

/** A ponder project that keeps each Transfer of `CONTRACT` (LogBurst) as one row, as the index keeps each event. */
const PROJECT: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'bench-ponder',
    private: true,
    type: 'module',
    dependencies: { ponder: PONDER_VERSION, hono: '^4.5.0', viem: '^2.21.0', typescript: '^5.6.0' },
  }),
  'ponder-env.d.ts': '/// <reference types="ponder/virtual" />\n',
  'ponder.config.ts': `import { createConfig } from 'ponder'
const transfer = { type: 'event', name: 'Transfer', inputs: [
  { indexed: true, name: 'from', type: 'address' }, { indexed: true, name: 'to', type: 'address' }, { indexed: false, name: 'value', type: 'uint256' },
] } as const
export default createConfig({
  database: { kind: 'postgres', connectionString: process.env.DATABASE_URL },
  chains: { bench: { id: Number(process.env.CHAIN_ID), rpc: process.env.RPC_URL, disableCache: false } },
  contracts: { LogBurst: { chain: 'bench', abi: [transfer], address: process.env.CONTRACT as \`0x\${string}\`, startBlock: 0 } },
})
`,
  'ponder.schema.ts': `import { onchainTable } from 'ponder'
export const transfer = onchainTable('transfer', (t) => ({
  id: t.text().primaryKey(),
  blockNumber: t.bigint().notNull(),
  logIndex: t.integer().notNull(),
  txHash: t.hex().notNull(),
  from: t.hex().notNull(),
  to: t.hex().notNull(),
  amount: t.bigint().notNull(),
}))
`,
  // The API file ponder requires: an empty Hono app (the bench reads the table itself).
  'src/api/index.ts': `import { Hono } from 'hono'
export default new Hono()
`,
  'src/index.ts': `import { ponder } from 'ponder:registry'
import { transfer } from 'ponder:schema'
ponder.on('LogBurst:Transfer', async ({ event, context }) => {
  await context.db.insert(transfer).values({
    id: event.id, blockNumber: event.block.number, logIndex: event.log.logIndex, txHash: event.transaction.hash,
    from: event.args.from, to: event.args.to, amount: event.args.value,
  })
})
`,
}

/** Installs ponder into FOLDER once (npm install from the registry), and writes its project there. */
function installPonder(): void {
  mkdirSync(join(FOLDER, 'src', 'api'), { recursive: true })
  for (const [file, text] of Object.entries(PROJECT)) writeFileSync(join(FOLDER, file), text)
  const installed = join(FOLDER, 'node_modules', 'ponder', 'package.json')
  if (existsSync(installed) && (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version === PONDER_VERSION) return
  console.log(`index: installing ponder ${PONDER_VERSION} into ${FOLDER}`)
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: FOLDER, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm install of ponder ${PONDER_VERSION} failed`)
}

/**
 * (c) ponder indexing every Transfer of `contract` into PostgreSQL (one row per event), from the
 * same node, from a cold cache (its RPC cache schema dropped first): timed from its first log that
 * it started fetching the backfill's data to its log that it answers 200 (the backfill indexed and
 * its indexes built), and checked: it must hold `expected` rows.
 */
export async function benchPonder(rpcUrl: string, chainId: number, contract: Address, expected: number, databaseUrl: string) {
  installPonder()
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`drop schema if exists ${SCHEMA} cascade`)
    await admin.query('drop schema if exists ponder_sync cascade')
    const child = spawn(
      process.execPath,
      [join(FOLDER, 'node_modules', 'ponder', 'dist', 'esm', 'bin', 'ponder.js'), 'start', '--schema', SCHEMA, '--port', String(PORT), '--log-format', 'json'],
      {
        cwd: FOLDER,
        env: { ...process.env, DATABASE_URL: databaseUrl, RPC_URL: rpcUrl, CHAIN_ID: String(chainId), CONTRACT: contract },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    try {
      let began: number | undefined
      const ready = await new Promise<number>((resolve, reject) => {
        let buffered = ''
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString()
          const lines = buffered.split('\n')
          buffered = lines.pop()!
          for (const line of lines) {
            const entry = line.startsWith('{') ? (JSON.parse(line) as { msg?: string; level?: number; endpoint?: string }) : undefined
            const msg = entry?.msg
            // Its warnings and errors, and anything not in its log format, are the bench's to show.
            if (process.env.PONDER_LOG || !entry || (entry.level ?? 0) >= 40) console.log(`ponder: ${line}`)
            if (msg === 'Started fetching backfill JSON-RPC data') began ??= performance.now()
            if (msg === 'Started returning 200 responses' && entry?.endpoint === '/ready') resolve(performance.now())
          }
        })
        child.once('exit', (code) => reject(new Error(`ponder exited with ${code} before it was ready`)))
      })
      if (began === undefined) throw new Error('ponder never said it started fetching the backfill')
      const [{ n }] = (await admin.query(`select count(*)::int as n from ${SCHEMA}.transfer`)).rows as [{ n: number }]
      if (n !== expected) throw new Error(`ponder stored ${n} transfers, ${expected} were laid down`)
      const seconds = (ready - began) / 1000
      return { rate: expected / seconds, seconds }
    } finally {
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)))
    }
  } finally {
    await admin.query(`drop schema if exists ${SCHEMA} cascade`).catch(() => undefined)
    await admin.end()
  }
}
