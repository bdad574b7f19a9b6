import { readFileSync } from 'node:fs'
import { compileCheck, createValidator, toFieldErrors } from '../schema/index.js'
import { knownChains } from './knownChains.js'
import { ConfigSchema, type Config } from './schema.js'

/** A configuration that cannot run; its message is the one line printed at start. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

const defaults: Config = {
  host: '127.0.0.1',
  port: 8080,
  trustProxy: false,
  logLevel: 'info',
  logFormat: 'auto',
  role: 'all',
  chains: [],
  dataDir: '.data/pglite',
  redisPrefix: 'dva:',
  gasMargin: 1.2,
  zapMaxDeviationPercent: 2,
  harvestMinIntervalSeconds: 3_600,
  rpcTimeoutMs: 5_000,
  rpcRetryCount: 1,
  requestBudgetMs: 2_500,
  rpcMaxLagBlocks: 8,
  rpcProbeIntervalMs: 5_000,
  rateLimit: { max: 600, windowMs: 60_000 },
  snapshot: {
    refreshIntervalMs: 2_000,
    staleAfterMs: 60_000,
    historyIntervalMs: 60_000,
    historyRetentionDays: 30,
    historyBackfillDays: 30,
    lockTtlMs: 10_000,
    fullReadSeconds: 60,
    saveIntervalSeconds: 60,
  },
  figures: { minPriceLiquidityUsd: 10_000, priceCheckMaxDeviationPercent: 5, maxPlausibleApy: 10 },
  index: { enabled: true, maxRangeBlocks: 10_000 },
  stream: { windowSeconds: 3_600, maxEvents: 100_000 },
  devnet: { blockTimeMs: 120_000, rpcPort: 8545, dataDir: '.devnet/pglite' },
}

/** Environment variables for the common settings and the config path each one sets. */
const envSettings: Record<string, string[]> = {
  HOST: ['host'],
  PORT: ['port'],
  TRUST_PROXY: ['trustProxy'],
  LOG_LEVEL: ['logLevel'],
  LOG_FORMAT: ['logFormat'],
  ROLE: ['role'],
  REGISTRY_FILE: ['registryPath'],
  DATABASE_URL: ['databaseUrl'],
  REDIS_URL: ['redisUrl'],
  REDIS_PREFIX: ['redisPrefix'],
  DATA_DIR: ['dataDir'],
  GAS_MARGIN: ['gasMargin'],
  ZAP_MAX_DEVIATION_PERCENT: ['zapMaxDeviationPercent'],
  HARVEST_MIN_INTERVAL: ['harvestMinIntervalSeconds'],
  RPC_TIMEOUT_MS: ['rpcTimeoutMs'],
  RPC_RETRY_COUNT: ['rpcRetryCount'],
  REQUEST_BUDGET_MS: ['requestBudgetMs'],
  RPC_MAX_LAG_BLOCKS: ['rpcMaxLagBlocks'],
  RPC_PROBE_INTERVAL_MS: ['rpcProbeIntervalMs'],
  RATE_LIMIT_MAX: ['rateLimit', 'max'],
  RATE_LIMIT_WINDOW_MS: ['rateLimit', 'windowMs'],
  STREAM_WINDOW_SECONDS: ['stream', 'windowSeconds'],
  STREAM_MAX_EVENTS: ['stream', 'maxEvents'],
  DEVNET_BLOCK_TIME_MS: ['devnet', 'blockTimeMs'],
  DEVNET_RPC_PORT: ['devnet', 'rpcPort'],
  DEVNET_DATA_DIR: ['devnet', 'dataDir'],
  SNAPSHOT_REFRESH_MS: ['snapshot', 'refreshIntervalMs'],
  SNAPSHOT_FULL_READ_SECONDS: ['snapshot', 'fullReadSeconds'],
  SNAPSHOT_SAVE_SECONDS: ['snapshot', 'saveIntervalSeconds'],
  SNAPSHOT_STALE_AFTER_MS: ['snapshot', 'staleAfterMs'],
  HISTORY_INTERVAL_MS: ['snapshot', 'historyIntervalMs'],
  HISTORY_RETENTION_DAYS: ['snapshot', 'historyRetentionDays'],
  HISTORY_BACKFILL_DAYS: ['snapshot', 'historyBackfillDays'],
  REFRESH_LOCK_TTL_MS: ['snapshot', 'lockTtlMs'],
  MIN_PRICE_LIQUIDITY_USD: ['figures', 'minPriceLiquidityUsd'],
  PRICE_CHECK_MAX_DEVIATION_PERCENT: ['figures', 'priceCheckMaxDeviationPercent'],
  MAX_PLAUSIBLE_APY: ['figures', 'maxPlausibleApy'],
  INDEX_ENABLED: ['index', 'enabled'],
  INDEX_MAX_RANGE_BLOCKS: ['index', 'maxRangeBlocks'],
}

const checkConfig = compileCheck<Config>(createValidator({ coerce: false }), ConfigSchema)

/**
 * Reads the configuration from an optional JSON file (`CONFIG_FILE`), environment variables and
 * `--role`, fills defaults and validates it against the schema. Throws a ConfigError whose message
 * names the offending setting (as the environment variable or the file path that set it).
 */
export function loadConfig(env: Record<string, string | undefined>, argv: readonly string[] = []): Config {
  const config = structuredClone(defaults) as Record<string, unknown>
  const sources = new Map<string, string>()

  if (env.CONFIG_FILE) Object.assign(config, readConfigFile(env.CONFIG_FILE))

  for (const [name, path] of Object.entries(envSettings)) {
    const raw = env[name]
    if (raw === undefined || raw === '') continue
    setPath(config, path, parseScalar(raw))
    sources.set(`/${path.join('/')}`, name)
  }
  applyChainEnv(config, env, sources)

  const roleAt = argv.indexOf('--role')
  if (roleAt >= 0) {
    config.role = argv[roleAt + 1]
    sources.set('/role', '--role')
  }

  const result = checkConfig(config)
  if (!result.ok) {
    const [first] = toFieldErrors(result.errors)
    const path = first?.path ?? '/'
    const got = valueAt(config, path)
    const shown = got === undefined ? '' : ` (got ${JSON.stringify(got)})`
    throw new ConfigError(`config error: ${settingName(path, sources, env)} ${first?.message}${shown}`)
  }
  const valid = result.value
  const ids = valid.chains.map((chain) => chain.chainId)
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index)
  if (duplicate !== undefined) throw new ConfigError(`config error: chain ${duplicate} is configured twice`)
  if (valid.chains.length > 0 && !valid.registryPath)
    throw new ConfigError('config error: REGISTRY_FILE is required when chains are configured (the registry lists the contracts to serve)')
  return valid
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError(`config error: CONFIG_FILE ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object')
    return parsed as Record<string, unknown>
  } catch (error) {
    throw new ConfigError(`config error: CONFIG_FILE ${path} is not a JSON object (${(error as Error).message})`)
  }
}

/** `RPC_URLS_<chainId>` (comma-separated, ranked), `BLOCK_TIME_<chainId>`, `WRAPPED_NATIVE_<chainId>`, `FINALITY_DEPTH_<chainId>`, `RPC_CALLS_PER_SECOND_<chainId>`. */
function applyChainEnv(config: Record<string, unknown>, env: Record<string, string | undefined>, sources: Map<string, string>): void {
  const chains = config.chains as Record<string, unknown>[]
  for (const [name, raw] of Object.entries(env)) {
    const match = /^RPC_URLS_([0-9]+)$/.exec(name)
    if (!match || !raw) continue
    const chainId = Number(match[1])
    let index = chains.findIndex((chain) => chain.chainId === chainId)
    if (index < 0) {
      const known = knownChains[chainId]
      // No block time: it is measured from the chain unless BLOCK_TIME_<id> overrides it.
      chains.push({ chainId, ...(known && { name: known.name, wrappedNative: known.wrappedNative }) })
      index = chains.length - 1
    }
    const chain = chains[index]!
    chain.rpcUrls = raw
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean)
    sources.set(`/chains/${index}/rpcUrls`, name)
    // Named even when absent: an unknown chain has no default wrapped native.
    sources.set(`/chains/${index}/blockTimeSeconds`, `BLOCK_TIME_${chainId}`)
    sources.set(`/chains/${index}/wrappedNative`, `WRAPPED_NATIVE_${chainId}`)
    const blockTime = env[`BLOCK_TIME_${chainId}`]
    if (blockTime) chain.blockTimeSeconds = parseScalar(blockTime)
    const wrapped = env[`WRAPPED_NATIVE_${chainId}`]
    if (wrapped) chain.wrappedNative = wrapped
    sources.set(`/chains/${index}/finalityDepth`, `FINALITY_DEPTH_${chainId}`)
    const finality = env[`FINALITY_DEPTH_${chainId}`]
    if (finality) chain.finalityDepth = parseScalar(finality)
    sources.set(`/chains/${index}/callsPerSecond`, `RPC_CALLS_PER_SECOND_${chainId}`)
    const budget = env[`RPC_CALLS_PER_SECOND_${chainId}`]
    if (budget) chain.callsPerSecond = parseScalar(budget)
  }
}

function parseScalar(raw: string): unknown {
  if (raw === 'true' || raw === 'false') return raw === 'true'
  return /^-?[0-9]+(\.[0-9]+)?$/.test(raw) ? Number(raw) : raw
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target
  for (const key of path.slice(0, -1)) {
    node[key] ??= {}
    node = node[key] as Record<string, unknown>
  }
  node[path[path.length - 1]!] = value
}

function valueAt(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root)
}

/** The name a user set the value under: the env variable, else the path in the config file. */
function settingName(pointer: string, sources: Map<string, string>, env: Record<string, string | undefined>): string {
  for (let probe = pointer; probe; probe = probe.slice(0, probe.lastIndexOf('/'))) {
    const source = sources.get(probe)
    if (source) return probe === pointer ? source : `${source} (${pointer.slice(probe.length + 1)})`
  }
  const dotted = pointer
    .split('/')
    .filter(Boolean)
    .map((key) => (/^[0-9]+$/.test(key) ? `[${key}]` : `.${key}`))
    .join('')
    .replace(/^\./, '')
  return env.CONFIG_FILE ? `${dotted} in CONFIG_FILE ${env.CONFIG_FILE}` : dotted
}
