import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { createPublicClient, type Hex, http } from 'viem'
import { anvilAccounts } from './accounts.js'
import { devnetFingerprint, type Laid, readLaid, type SpawnedChain } from './laidPast.js'
import { liveStretch } from './liveStretch.js'
import type { DevnetManifest } from './manifest.js'
import { senderAt } from './sender.js'

/** The last stretch of a loaded chain's gap mined at the live cadence (its block time measured from it); before it, the feeds' blocks every 50 minutes. */
const DENSE_SECONDS = 2 * 3_600

/**
 * Saves the running devnet of `manifest` to `folder`: each chain's state as anvil dumps it (blocks,
 * logs, the head's state; anvil keeps no older state in a dump) without call traces, the heads
 * and the manifest. The chains must be quiet (no keep-alive miner). The service's store of that past goes beside it
 * (laidStoreOf), laid by whoever ran the service over these chains.
 */
export async function saveLaid(folder: string, manifest: DevnetManifest, blockSeconds: number): Promise<void> {
  mkdirSync(folder, { recursive: true })
  const heads: Laid['heads'] = {}
  for (const chain of Object.values(manifest.chains)) {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const dump = (await client.request({ method: 'anvil_dumpState' } as never)) as Hex
    // anvil dumps gzip; --load-state reads the JSON. The transactions' call traces are half of it
    // and twice the load time: left out (the laid past's transactions cannot be traced).
    const state = JSON.parse(gunzipSync(Buffer.from(dump.slice(2), 'hex')).toString()) as { transactions?: { info: { traces: unknown[] } }[] }
    for (const transaction of state.transactions ?? []) transaction.info.traces = []
    writeFileSync(join(folder, `chain-${chain.chainId}.json`), JSON.stringify(state))
    const head = await client.getBlock()
    heads[String(chain.chainId)] = { number: head.number.toString(), hash: head.hash, timestamp: Number(head.timestamp) }
  }
  const laid: Laid = { fingerprint: devnetFingerprint(), manifest, blockSeconds, heads }
  writeFileSync(join(folder, 'laid.json'), `${JSON.stringify(laid, null, 2)}\n`)
}

/**
 * Brings the chains spawnLaid started from the past laid in `folder` to now: each head is checked
 * against the laid one, and its clock is moved on as a live farm's hours go (liveStretch): the
 * chain mined at its live cadence over the last two hours of the gap, its feeds posted and its
 * strategies harvested through it. Returns the manifest with the chains' new RPC URLs.
 */
export async function loadLaid(
  folder: string,
  spawned: readonly SpawnedChain[],
  options: {
    blockSeconds: number
    /** The time (seconds) the clock is brought to; the wall clock's by default. */
    now?: number
  },
): Promise<DevnetManifest> {
  const laid = readLaid(folder)
  const deployer = anvilAccounts()[0]!.address
  const chains = await Promise.all(
    spawned.map(async ({ chain, instance }) => {
      const sender = await senderAt(instance.rpcUrl, deployer)
      const head = await sender.client.getBlock()
      const expected = laid.heads[String(chain.chainId)]!
      if (head.hash !== expected.hash) throw new Error(`devnet: chain ${chain.chainId} loaded with head ${head.hash}, laid with ${expected.hash}`)
      const loaded = { ...chain, rpcUrl: instance.rpcUrl }
      const now = options.now ?? Math.floor(Date.now() / 1000)
      if (now - Number(head.timestamp) >= options.blockSeconds) {
        await sender.setAutomine(false)
        // anvil's clock starts at the wall clock's on a load, and refuses an earlier block: set it back to the head's.
        await sender.rpc('evm_setTime', [Number(head.timestamp)])
        await liveStretch(sender, loaded, { now, blockSeconds: options.blockSeconds, denseFrom: now - DENSE_SECONDS })
        await sender.setAutomine(true)
      }
      return loaded
    }),
  )
  return { chains: Object.fromEntries(chains.map((chain) => [String(chain.chainId), chain])) }
}
