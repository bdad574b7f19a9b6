import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { ANVIL_ACCOUNT_COUNT, anvilAccounts } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { DEVNET_BLOCK_SECONDS, genesisTimestamp, PAST_DAYS } from './cadence.js'
import { spawnLaid } from './laidPast.js'
import type { DevnetManifest } from './manifest.js'
import { chainSpecs } from './specs.js'

// viem, the contracts and the deployment load only once the chains are starting (dynamic
// imports): a laid past's anvils load their dumps meanwhile.

export type DevnetOptions = {
  log?: (msg: string) => void
  /** When set, mine a block on every chain this often (ms) so rewards accrue. */
  blockTimeMs?: number
  /**
   * Seconds between the blocks of the last day of past (anvil spends several ms a block): by
   * default the live cadence, `blockTimeMs`, else DEVNET_BLOCK_SECONDS. Tests that need no
   * coherent figures lay a sparser day.
   */
  lastDayBlockSeconds?: number
  /** Where to write the manifest; default `.devnet/manifest.json`. */
  manifestPath?: string
  /**
   * The first chain's RPC port, the next chains' the ports after it (in chainSpecs' order), so a
   * wallet set up once finds them again; 0 or unset: free ports the OS picks.
   */
  rpcPort?: number
  /** Each anvil in a process group of its own: the caller stops them (a terminal's Ctrl-C reaches only it). */
  detached?: boolean
  /**
   * The folder of a past laid beforehand (laidDevnet.ts; `npm install` lays one) that the caller
   * found loadable (unloadableReason): the chains load it instead of being deployed and laid
   * again; when it does not load, they are laid, and the log says why.
   */
  laidFolder?: string
}

/** The running devnet; `loaded` when its chains came from the laid past (the service's store of it is laidStoreOf). */
export type Devnet = { manifest: DevnetManifest; loaded: boolean; stop(): Promise<void> }

/**
 * Starts anvil for chains 1, 56 and 43114, deploys and seeds the reference contracts on all
 * three in parallel with a month of past (see layPast), or loads the past laid in
 * `options.laidFolder` (laidDevnet.ts), writes the manifest and returns it with a stopper. The
 * anvil processes are also killed when the process exits, so none outlives it (anvil.ts).
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const log = options.log ?? (() => {})
  const manifestPath = options.manifestPath ?? '.devnet/manifest.json'
  const started = performance.now()
  const genesis = genesisTimestamp()

  const instances: AnvilInstance[] = []
  const stopAnvils = async (): Promise<void> => void (await Promise.all(instances.map((i) => i.stop())))
  const anvilOptions = (index: number) => ({ ...(options.rpcPort && { port: options.rpcPort + index }), detached: options.detached === true })

  try {
    const blockSeconds = options.blockTimeMs === undefined ? DEVNET_BLOCK_SECONDS : options.blockTimeMs / 1000
    let loaded = options.laidFolder !== undefined
    let manifest: DevnetManifest | undefined
    if (loaded) {
      const spawning = spawnLaid(options.laidFolder!, anvilOptions, instances)
      // Its failure is met below, after the import.
      spawning.catch(() => undefined)
      const { loadLaid } = await import('./laidDevnet.js')
      manifest = await spawning
        .then((spawned) => loadLaid(options.laidFolder!, spawned, { blockSeconds }))
        .catch(async (error: unknown) => {
          log(`devnet: laying a new past: the laid one did not load (${error instanceof Error ? error.message : String(error)})`)
          await stopAnvils()
          instances.length = 0
          return undefined
        })
      loaded = manifest !== undefined
    }
    manifest ??= await layNew(genesis, options.lastDayBlockSeconds ?? blockSeconds, instances, anvilOptions)
    const chainList = Object.values(manifest.chains)

    mkdirSync(dirname(manifestPath), { recursive: true })
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
    const how = loaded ? `loaded from the past laid in ${options.laidFolder}` : `deployed with ${PAST_DAYS} days of past`
    log(`devnet: chains ${chainList.map((c) => c.chainId).join(', ')} ${how} in ${Math.round(performance.now() - started)} ms, manifest at ${manifestPath}`)

    const { keepAlive } = await import('./keepAlive.js')
    const stopTimers = options.blockTimeMs === undefined ? () => {} : keepAlive(chainList, anvilAccounts()[0]!.address, options.blockTimeMs, log)
    return {
      manifest,
      loaded,
      stop: async () => {
        stopTimers()
        await stopAnvils()
      },
    }
  } catch (err) {
    await stopAnvils()
    throw err
  }
}

/** Starts the chains and deploys and seeds them, with a month of past (see layPast) whose last day has blocks every `lastDayBlockSeconds`. */
async function layNew(
  genesis: number,
  lastDayBlockSeconds: number,
  instances: AnvilInstance[],
  anvilOptions: (index: number) => { port?: number; detached: boolean },
): Promise<DevnetManifest> {
  const anvils = await Promise.all(
    chainSpecs.map(async (spec, index) => {
      // Its first block a month back: the deployment happens then, and layPast brings the clock to now.
      const instance = await startAnvil(spec.chainId, ANVIL_ACCOUNT_COUNT, ['--timestamp', String(genesis)], anvilOptions(index))
      instances.push(instance)
      return instance
    }),
  )
  const [{ deployChain }, { layPast }] = await Promise.all([import('./deployChain.js'), import('./layPast.js')])
  const chainList = await Promise.all(
    chainSpecs.map(async (spec, i) => {
      const chain = await deployChain(spec, anvils[i]!.rpcUrl)
      // The last day of past at the cadence the keep-alive miner goes on with.
      await layPast(chain, lastDayBlockSeconds)
      return chain
    }),
  )
  return { chains: Object.fromEntries(chainList.map((c) => [String(c.chainId), c])) }
}
