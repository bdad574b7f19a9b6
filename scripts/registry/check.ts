// `npm run registry -- check --registry <file> [--rpc <chainId>=<url> ...]`: every entry of the
// registry against its chain's node (without --rpc, the RPC_URLS_<id> settings), as a table of
// chain, kind, entry, check, ok/warn/error and detail, each kind's entries together, then what was
// checked of each kind. Exits 1 when any check is an error; 2 when a node answers for another chain.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { assertChainIds, createChainClients, FactCache, rpcOptionsOf, stopChainClients } from '../../src/chain/index.js'
import { loadConfig } from '../../src/config/index.js'
import { CHECK_KINDS, checkRegistry, type CheckKind, type CheckRow } from '../../src/registry-tools/index.js'
import { loadRegistry } from '../../src/registry/index.js'
import { UsageError } from './usage.js'

export async function check(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { registry: { type: 'string' }, rpc: { type: 'string', multiple: true } } })
  if (!values.registry) throw new UsageError('check needs --registry <file>')
  // `npm run` moves to the package's folder and names the caller's in INIT_CWD: a relative path is the caller's.
  const registryPath = resolve(process.env.INIT_CWD ?? process.cwd(), values.registry)
  const env: Record<string, string | undefined> = { ...process.env, REGISTRY_FILE: registryPath, LOG_LEVEL: 'silent' }
  for (const pair of values.rpc ?? []) {
    const match = /^([0-9]+)=(.+)$/.exec(pair)
    if (!match) throw new UsageError(`--rpc ${pair}: expected <chainId>=<url>`)
    env[`RPC_URLS_${match[1]}`] = match[2]
  }
  const config = loadConfig(env)
  const registry = loadRegistry(config.registryPath!)
  const chains = createChainClients(config.chains, rpcOptionsOf(config))
  const rows: CheckRow[] = []
  try {
    // Another chain's node would check this chain's entries against that chain's contracts.
    await assertChainIds(chains)
    for (const [chainId, chainRegistry] of registry.chains) {
      const chain = chains.get(chainId)
      if (!chain)
        rows.push({
          chainId,
          kind: 'chain',
          entry: `chain ${chainId}`,
          check: 'node',
          level: 'error',
          detail: `no RPC URL: pass --rpc ${chainId}=<url> or set RPC_URLS_${chainId}`,
        })
      else rows.push(...(await checkRegistry(chain, chainRegistry, new FactCache(), config.figures)))
    }
  } finally {
    stopChainClients(chains)
  }
  const order = (row: CheckRow) => CHECK_KINDS.indexOf(row.kind)
  const sorted = rows.map((row, index) => ({ row, index })).sort((a, b) => a.row.chainId - b.row.chainId || order(a.row) - order(b.row) || a.index - b.index)
  const cellsOf = (row: CheckRow) => [String(row.chainId), row.kind, row.entry, row.check, row.level, row.detail]
  const widths = [5, 11, 40, 24, 5].map((min, column) => Math.max(min, ...rows.map((row) => cellsOf(row)[column]!.length)))
  const line = (cells: string[]) => `${cells.map((cell, column) => (column < widths.length ? cell.padEnd(widths[column]!) : cell)).join('  ')}\n`
  process.stdout.write(line(['chain', 'kind', 'entry', 'check', 'level', 'detail']))
  for (const { row } of sorted) process.stdout.write(line(cellsOf(row)))
  for (const chainId of registry.chains.keys()) process.stdout.write(`${checkedLine(chainId, rows)}\n`)
  const errors = rows.filter((row) => row.level === 'error').length
  const warnings = rows.filter((row) => row.level === 'warn').length
  process.stdout.write(`${rows.length} checks: ${errors} errors, ${warnings} warnings\n`)
  return errors > 0 ? 1 : 0
}

const PLURALS: Record<CheckKind, string> = {
  chain: 'chain',
  token: 'tokens',
  feed: 'feeds',
  pair: 'pairs',
  vault: 'vaults',
  strategy: 'strategies',
  zap: 'zaps',
  'reward pool': 'reward pools',
}

/** What was checked of one chain, kind by kind: entries, those with errors or warnings, and the pools' pids. */
function checkedLine(chainId: number, rows: readonly CheckRow[]): string {
  const ofChain = rows.filter((row) => row.chainId === chainId)
  const parts = CHECK_KINDS.flatMap((kind) => {
    const ofKind = ofChain.filter((row) => row.kind === kind)
    if (kind === 'chain' && ofKind.length === 0) return []
    const entries = new Set(ofKind.map((row) => row.entry))
    const withLevel = (level: CheckRow['level']) => new Set(ofKind.filter((row) => row.level === level).map((row) => row.entry)).size
    const pids = kind === 'reward pool' ? `, ${ofKind.filter((row) => row.check.startsWith('pid ')).length} pids` : ''
    const flagged = [withLevel('error') && `${withLevel('error')} with errors`, withLevel('warn') && `${withLevel('warn')} with warnings`].filter(Boolean)
    return [`${entries.size} ${PLURALS[kind]}${pids}${flagged.length > 0 ? ` (${flagged.join(', ')})` : ''}`]
  })
  return `chain ${chainId} checked: ${parts.join(', ')}`
}
