// `npm run registry -- discover --chain <id> --rpc <url> [--vaults a,b] [--pools a,b] [--tokens a,b]
// [--feeds <file>] [--factory <address> ...] [--from <file>] [--out <file>]`: a chain's registry
// read from the chain, given its vaults' and pools' addresses. With --out it merges into that file
// (hand edits kept) and prints the report; without, the registry goes to stdout and the report to
// stderr. Exits 1 when anything is unresolved (the registry is written all the same).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { getAddress, isAddress, zeroAddress, type Address } from 'viem'
import { assertChainIds, createChainClients, rpcOptionsOf, stopChainClients } from '../../src/chain/index.js'
import { knownChains, loadConfig } from '../../src/config/index.js'
import { discoverChain, mergeRegistry, type DiscoverInput, type NamedFeed } from '../../src/registry-tools/index.js'
import { buildRegistry, type RegistryFile } from '../../src/registry/index.js'
import { UsageError } from './usage.js'

/** What --from holds: the same lists as the flags, and the feeds as --feeds's file does. */
interface FromFile {
  vaults?: string[]
  pools?: string[]
  tokens?: string[]
  feeds?: Record<string, FeedValue>
  factory?: string | string[]
}
/** A feeds file maps each token to its feed's address, or to `{ "feed": <address>, "heartbeatSeconds": <n> }`. */
type FeedValue = string | { feed: string; heartbeatSeconds?: number }

export async function discover(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      chain: { type: 'string' },
      rpc: { type: 'string' },
      vaults: { type: 'string' },
      pools: { type: 'string' },
      tokens: { type: 'string' },
      feeds: { type: 'string' },
      factory: { type: 'string', multiple: true },
      from: { type: 'string' },
      out: { type: 'string' },
    },
  })
  const chainId = Number(values.chain)
  if (!values.chain || !Number.isInteger(chainId) || chainId < 1) throw new UsageError('discover needs --chain <id>, a positive chain id')
  const rpcUrls = (values.rpc ?? process.env[`RPC_URLS_${chainId}`] ?? '').split(',').filter(Boolean)
  if (rpcUrls.length === 0) throw new UsageError(`discover needs --rpc <url> (or RPC_URLS_${chainId})`)
  const from = values.from ? (readJson(values.from, '--from') as FromFile) : {}
  const input: DiscoverInput = {
    vaults: addresses([...list(values.vaults), ...(from.vaults ?? [])], 'vaults'),
    pools: addresses([...list(values.pools), ...(from.pools ?? [])], 'pools'),
    tokens: addresses([...list(values.tokens), ...(from.tokens ?? [])], 'tokens'),
    feeds: [
      ...feedsOf(from.feeds ?? {}, '--from feeds'),
      ...(values.feeds ? feedsOf(readJson(values.feeds, '--feeds') as Record<string, FeedValue>, '--feeds') : []),
    ],
    factories: addresses([...(values.factory ?? []), ...[from.factory ?? []].flat()], 'factory'),
  }
  if (input.vaults.length + input.pools.length === 0) throw new UsageError('discover needs at least one address in --vaults, --pools or --from')
  const existing = values.out && existsSync(values.out) ? (readJson(values.out, '--out') as RegistryFile) : undefined
  if (existing) buildRegistry(existing, values.out)

  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const known = knownChains[chainId]
  const chains = createChainClients(
    [{ chainId, name: known?.name ?? `chain ${chainId}`, rpcUrls, wrappedNative: known?.wrappedNative ?? zeroAddress }],
    rpcOptionsOf(config),
  )
  try {
    // Another chain's node would have its contracts written under this chain's id.
    await assertChainIds(chains)
    const found = await discoverChain(chains.get(chainId)!, input, config.figures)
    const { file, conflicts } = mergeRegistry(existing, chainId, found.registry)
    buildRegistry(file, 'the discovered registry')
    const report = values.out ? process.stdout : process.stderr
    const chain = found.registry
    report.write(
      `chain ${chainId} at block ${found.blockNumber}: ${chain.vaults?.length ?? 0} vaults, ${chain.rewardPools?.length ?? 0} reward pools, ` +
        `${chain.tokens.length} tokens (${chain.lpPairs?.length ?? 0} of them LP pairs), ${chain.priceFeeds?.length ?? 0} feeds\n`,
    )
    if (values.out) {
      writeFileSync(values.out, `${JSON.stringify(file, null, 2)}\n`)
      report.write(`${existing ? 'merged into' : 'written to'} ${values.out}\n`)
    } else process.stdout.write(`${JSON.stringify(file, null, 2)}\n`)
    for (const conflict of conflicts) report.write(`kept: ${conflict}\n`)
    for (const item of found.unresolved) report.write(`unresolved: ${item.entry}: ${item.reason}\n`)
    report.write(`${found.unresolved.length} unresolved\n`)
    return found.unresolved.length > 0 ? 1 : 0
  } finally {
    stopChainClients(chains)
  }
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

function addresses(values: readonly string[], flag: string): Address[] {
  for (const value of values) if (!isAddress(value, { strict: false })) throw new UsageError(`--${flag}: ${value} is not an address (0x and 40 hex digits)`)
  return [...new Set(values.map((value) => getAddress(value)))]
}

function feedsOf(file: Record<string, FeedValue>, source: string): NamedFeed[] {
  return Object.entries(file).map(([token, value]) => {
    const feed = typeof value === 'string' ? value : value?.feed
    const heartbeat = typeof value === 'string' ? undefined : value?.heartbeatSeconds
    if (!isAddress(token, { strict: false }) || !feed || !isAddress(feed, { strict: false }))
      throw new UsageError(`${source}: "${token}" must map a token address to a feed address or to { "feed": <address>, "heartbeatSeconds": <n> }`)
    if (heartbeat !== undefined && !(Number.isInteger(heartbeat) && heartbeat > 0))
      throw new UsageError(`${source}: the heartbeatSeconds of ${token} must be a whole number of seconds above 0`)
    return { token: getAddress(token), feed: getAddress(feed), ...(heartbeat !== undefined && { heartbeatSeconds: heartbeat }) }
  })
}

function readJson(path: string, flag: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new UsageError(`${flag} ${path} cannot be read as JSON (${(error as Error).message})`)
  }
}
