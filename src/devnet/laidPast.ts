import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Hex } from 'viem'
import { packageRoot } from '../config/index.js'
import { ANVIL_ACCOUNT_COUNT } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import type { DevnetChainManifest, DevnetManifest } from './manifest.js'

// What a start needs of a laid past before the chains load: no viem at run time, so the anvils
// start loading while the rest of the service's modules do (laidDevnet.ts brings them to now).

/** What `npm install` laid down (`npm run devnet:lay` again): the chains' dumps, their heads, the manifest, and the code that laid them. */
export interface Laid {
  /** Of the devnet's code and compiled contracts: a past laid by other code is laid again. */
  fingerprint: string
  manifest: DevnetManifest
  /** Seconds between the blocks of the last day of past: a start that mines at another cadence lays its own. */
  blockSeconds: number
  heads: Record<string, { number: string; hash: Hex; timestamp: number }>
}

const DAY = 86_400
/** A past laid longer ago than this is laid again: its gap would take the start longer to mine than laying a month does. */
export const LAID_PAST_MAX_AGE_DAYS = 7
/** The folder the laid past lives in, beside the devnet's store. */
export function laidFolderOf(dataDir: string): string {
  return join(dirname(dataDir), 'laid')
}

/** The laid past's service store: a PGlite image (packDataDir) a start that loads the past opens in memory. */
export function laidStoreOf(folder: string): string {
  return join(folder, 'store.tar')
}

/** The devnet's files that start, load or keep chains going without shaping their past. */
const NOT_OF_THE_PAST = new Set(['anvil.ts', 'boot.ts', 'index.ts', 'keepAlive.ts', 'laidDevnet.ts', 'laidPast.ts', 'startDevnet.ts', 'startDevnetChain.ts'])

/**
 * Hash of the sources that shape a laid past (src/devnet's deployment, demo state and registry,
 * and the contracts' Solidity, found from the package root, so the sources run through tsx and
 * their build agree): a dump laid by other code would not match the manifest this code builds, so
 * it is laid again.
 */
export function devnetFingerprint(): string {
  const root = packageRoot()
  const hash = createHash('sha256')
  for (const folder of [join(root, 'src', 'devnet'), join(root, 'contracts', 'src')]) {
    if (!existsSync(folder)) continue
    for (const name of readdirSync(folder).sort()) {
      if (name.endsWith('.test.ts') || NOT_OF_THE_PAST.has(name)) continue
      hash.update(name).update(readFileSync(join(folder, name)))
    }
  }
  return hash.digest('hex').slice(0, 16)
}

/** Why the past laid in `folder` cannot be loaded by a start mining every `blockSeconds` (older than `maxAgeDays` included), or undefined when it can. */
export function unloadableReason(folder: string, options: { blockSeconds: number; maxAgeDays?: number }): string | undefined {
  const maxAgeDays = options.maxAgeDays ?? LAID_PAST_MAX_AGE_DAYS
  if (!existsSync(join(folder, 'laid.json'))) return `no past laid in ${folder} (\`npm install\` lays it)`
  const laid = readLaid(folder)
  if (laid.fingerprint !== devnetFingerprint()) return 'the devnet code changed since its past was laid'
  if (laid.blockSeconds !== options.blockSeconds)
    return `its last day has a block every ${laid.blockSeconds} s, and the chains are to mine one every ${options.blockSeconds} s (DEVNET_BLOCK_TIME_MS)`
  if (!existsSync(laidStoreOf(folder))) return `the laid past has no store in ${laidStoreOf(folder)}`
  const age = Date.now() / 1000 - Math.min(...Object.values(laid.heads).map((head) => head.timestamp))
  if (age > maxAgeDays * DAY) return `the laid past is ${(age / DAY).toFixed(1)} days old (more than ${maxAgeDays})`
  return undefined
}

/** The past laid in `folder`, as saveLaid wrote it. */
export function readLaid(folder: string): Laid {
  return JSON.parse(readFileSync(join(folder, 'laid.json'), 'utf8')) as Laid
}

/** One chain of a laid past, its anvil started on its dump. */
export interface SpawnedChain {
  chain: DevnetChainManifest
  instance: AnvilInstance
}

/**
 * Starts an anvil on each chain's dump in `folder` (check unloadableReason first), its ports from
 * `anvilOptions` by the chain's place in the laid manifest. Each anvil joins `instances` as it
 * starts, so a caller can stop them on a failure.
 */
export function spawnLaid(
  folder: string,
  anvilOptions: (index: number) => { port?: number; detached: boolean },
  instances: AnvilInstance[],
): Promise<SpawnedChain[]> {
  return Promise.all(
    Object.values(readLaid(folder).manifest.chains).map(async (chain, index) => {
      const instance = await startAnvil(chain.chainId, ANVIL_ACCOUNT_COUNT, ['--load-state', join(folder, `chain-${chain.chainId}.json`)], anvilOptions(index))
      instances.push(instance)
      return { chain, instance }
    }),
  )
}
