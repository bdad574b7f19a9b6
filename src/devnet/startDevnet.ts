import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { ANVIL_ACCOUNT_COUNT, anvilAccounts } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { deployChain } from './deployChain.js'
import { keepAlive } from './keepAlive.js'
import { DEVNET_BLOCK_SECONDS, genesisTimestamp, layPast, PAST_DAYS } from './layPast.js'
import type { DevnetManifest } from './manifest.js'
import { chainSpecs } from './specs.js'

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
}

export type Devnet = { manifest: DevnetManifest; stop(): Promise<void> }

/**
 * Starts anvil for chains 1, 56 and 43114, deploys and seeds the reference contracts on all
 * three in parallel with a month of past (see layPast), writes the manifest and returns it with a
 * stopper. The anvil processes are also killed when the process exits, so none outlives it (anvil.ts).
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
    const anvils = await Promise.all(
      chainSpecs.map(async (spec, index) => {
        // Its first block a month back: the deployment happens then, and layPast brings the clock to now.
        const instance = await startAnvil(spec.chainId, ANVIL_ACCOUNT_COUNT, ['--timestamp', String(genesis)], anvilOptions(index))
        instances.push(instance)
        return instance
      }),
    )
    const chainList = await Promise.all(
      chainSpecs.map(async (spec, i) => {
        const chain = await deployChain(spec, anvils[i]!.rpcUrl)
        // The last day of past at the cadence the keep-alive miner goes on with.
        await layPast(chain, options.lastDayBlockSeconds ?? (options.blockTimeMs === undefined ? DEVNET_BLOCK_SECONDS : options.blockTimeMs / 1000))
        return chain
      }),
    )
    const manifest: DevnetManifest = { chains: Object.fromEntries(chainList.map((c) => [String(c.chainId), c])) }

    mkdirSync(dirname(manifestPath), { recursive: true })
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
    log(
      `devnet: chains ${chainList.map((c) => c.chainId).join(', ')} deployed with ${PAST_DAYS} days of past in ${Math.round(performance.now() - started)} ms, manifest at ${manifestPath}`,
    )

    const stopTimers = options.blockTimeMs === undefined ? () => {} : keepAlive(chainList, anvilAccounts()[0]!.address, options.blockTimeMs, log)
    return {
      manifest,
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
