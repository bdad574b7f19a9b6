// `npm run registry -- check --registry <file> [--rpc <chainId>=<url> ...]`: every entry of the
// registry against its chain's node (without --rpc, the RPC_URLS_<id> settings), as a table of
// entry, check, ok/warn/error and detail. Exits 1 when any check is an error.
import { parseArgs } from 'node:util'
import { createChainClients, FactCache, rpcOptionsOf, stopChainClients } from '../../src/chain/index.js'
import { loadConfig } from '../../src/config/index.js'
import { checkRegistry, type CheckRow } from '../../src/ecosystem/index.js'
import { loadRegistry } from '../../src/registry/index.js'
import { UsageError } from './usage.js'

export async function check(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { registry: { type: 'string' }, rpc: { type: 'string', multiple: true } } })
  if (!values.registry) throw new UsageError('check needs --registry <file>')
  const env: Record<string, string | undefined> = { ...process.env, REGISTRY_FILE: values.registry, LOG_LEVEL: 'silent' }
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
    for (const [chainId, chainRegistry] of registry.chains) {
      const chain = chains.get(chainId)
      if (!chain)
        rows.push({
          chainId,
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
  const widths = [5, 40, 24, 5].map((min, column) =>
    Math.max(min, ...rows.map((row) => [String(row.chainId), row.entry, row.check, row.level][column]!.length)),
  )
  const line = (cells: string[]) => `${cells.map((cell, column) => (column < 4 ? cell.padEnd(widths[column]!) : cell)).join('  ')}\n`
  process.stdout.write(line(['chain', 'entry', 'check', 'level', 'detail']))
  for (const row of rows) process.stdout.write(line([String(row.chainId), row.entry, row.check, row.level, row.detail]))
  const errors = rows.filter((row) => row.level === 'error').length
  const warnings = rows.filter((row) => row.level === 'warn').length
  process.stdout.write(`${rows.length} checks: ${errors} errors, ${warnings} warnings\n`)
  return errors > 0 ? 1 : 0
}
