/**
 * The registry at scale: N vaults and N reward pools on one chain (the bench deploys what the
 * devnet lacks: plain ERC-4626 vaults and one-staking-pool reward pools), and what a snapshot
 * costs as N grows, cold (a refresher that has read nothing) and for a new block: HTTP requests
 * and wall time with the node on loopback; then, with LATENCY_MS added to every request at the
 * proxy, the node round trips (requests each sent after an answer to the one before: a wave of
 * requests sent side by side is one) and the wall time they add up to.
 */
import { createChainClients, rpcOptionsOf, stopChainClients, type ChainClient } from '../src/chain/index.js'
import { loadConfig } from '../src/config/index.js'
import { devnetChains, type DevnetManifest } from '../src/devnet/index.js'
import { buildRegistry } from '../src/registry/index.js'
import type { Refresher } from '../src/snapshot/index.js'
import { nodeProxy, type NodeProxy } from '../test/nodeProxy.js'
import { coldRefresher } from '../test/refresherApp.js'
import { registryWith, type ExtraContracts } from '../test/scaledRegistry.js'
import type { Row } from './load.js'

// Moved to test/ (the test of the cold snapshot deploys them too); named here for bench/run.ts.
export { deployExtra, registryWith } from '../test/scaledRegistry.js'

const CHAIN = 56
/**
 * Added to every node request when round trips are counted, ms: more than the time the client
 * takes to put a wave's requests (up to 1 MiB each) on the wire, so none of them reaches the
 * proxy after another one of the same wave was answered. It was 100 ms until the full run at
 * 40b0d64 counted 4 round trips for a cold 1,000 + 1,000, in a slower session than the run before
 * (a 1 + 1 cold snapshot 21 ms against 11): the second wave's 14 requests of 0.6–0.8 MB reached
 * the proxy over 112 ms even at a quieter moment of that session (each encoded, written and, by
 * the proxy in this same process, parsed in turn), so the last of them can arrive after the
 * first was answered.
 */
const LATENCY_MS = 300

interface Cost {
  trips: number
  requests: number
  ms: number
}

/** For each registry size: the round trips, requests and wall time of a cold snapshot, and of a new block's. */
export async function benchScale(manifest: DevnetManifest, extra: ExtraContracts, sizes: readonly number[]): Promise<Row[]> {
  const rows: Row[] = []
  const rpcUrl = manifest.chains[String(CHAIN)]!.rpcUrl
  const proxy = await nodeProxy(rpcUrl)
  // The snapshot alone: no history read back from the node behind it.
  const config = loadConfig({ HISTORY_BACKFILL_DAYS: '0' })
  const chainConfig = devnetChains(manifest).find((chain) => chain.chainId === CHAIN)!
  let coldBase: number | undefined
  try {
    for (const size of sizes) {
      const registryFile = registryWith(manifest, extra, size)
      const registry = buildRegistry({ ...registryFile, chains: { [String(CHAIN)]: registryFile.chains[String(CHAIN)]! } })
      // A refresher that has seen nothing: no static facts, no snapshot.
      const coldService = () => {
        const chains = createChainClients([{ ...chainConfig, rpcUrls: [proxy.url] }], rpcOptionsOf(config))
        const refresher = coldRefresher({ chains, registry, snapshot: config.snapshot })
        return { chains, refresher }
      }

      // The first size pays the JIT warming up; a snapshot thrown away takes it.
      if (size === sizes[0]) {
        const warmUp = coldService()
        await release(warmUp, async () => warmUp.refresher.refresh(CHAIN, await headOf(warmUp.chains)))
      }
      // Wall time and HTTP requests as the node is: on loopback.
      const fast = coldService()
      // At the head the refresher's tick reads first: the new block then follows its changes, as in production.
      const fastHead = await headOf(fast.chains)
      const cold = await cost(proxy, () => fast.refresher.refresh(CHAIN, fastHead))
      // What the first snapshot started in the background (the APY bases' lookups back in time) is
      // not a new block's cost: it ends before the next snapshot is measured.
      await fast.refresher.settled()
      let head = await mined(rpcUrl, fast.chains)
      const warm = await cost(proxy, () => fast.refresher.refresh(CHAIN, head))
      // Round trips with the node LATENCY_MS away: a wave's requests then all reach it before any is answered.
      const slow = coldService()
      proxy.set({ latencyMs: LATENCY_MS })
      const coldHead = await headOf(slow.chains)
      const coldFar = await cost(proxy, () => slow.refresher.refresh(CHAIN, coldHead))
      await slow.refresher.settled()
      head = await mined(rpcUrl, slow.chains)
      const warmFar = await cost(proxy, () => slow.refresher.refresh(CHAIN, head))
      proxy.set()
      await release(fast)
      await release(slow)

      coldBase ??= cold.ms
      const growth = cold.ms / coldBase
      const subLinear = size === sizes[0] || growth < size / sizes[0]!
      rows.push({
        figure: `snapshot with ${size} vaults + ${size} reward pools (chain ${CHAIN})`,
        value:
          `cold ${trips(coldFar)} (${requests(cold)}), ${cold.ms.toFixed(0)} ms, ${coldFar.ms.toFixed(0)} ms at +${LATENCY_MS} ms; ` +
          `new block ${trips(warmFar)} (${requests(warm)}), ${warm.ms.toFixed(0)} ms, ${warmFar.ms.toFixed(0)} ms at +${LATENCY_MS} ms`,
        ceiling: `${sizes[0]} + ${sizes[0]}: cold ${coldBase.toFixed(0)} ms`,
        ratio: `${growth.toFixed(1)}× time for ${(size / sizes[0]!).toFixed(0)}× contracts`,
        target: 'cold ≤ 3 round trips, constant; ≤ 2 per new block (its logs, then what they name); time sub-linear',
        met: coldFar.trips <= 3 && warmFar.trips <= 2 && subLinear,
        limit: `cold ${trips(coldFar)}, new block ${trips(warmFar)}, ${growth.toFixed(1)}× the time of ${sizes[0]} for ${size / sizes[0]!}× the contracts`,
      })
    }
  } finally {
    await proxy.close()
  }
  return rows
}

/** Round trips and requests counted at the proxy, and wall time, of one snapshot; throws when none was taken. */
async function cost(proxy: NodeProxy, take: () => Promise<unknown>): Promise<Cost> {
  proxy.reset()
  const startedAt = performance.now()
  if (!(await take())) throw new Error('no snapshot taken')
  return { ms: performance.now() - startedAt, trips: proxy.sequentialRoundTrips(), requests: proxy.roundTrips() }
}

/** Stops a refresher and closes its connections, after `use` when given. */
async function release(
  service: { refresher: Refresher; chains: Map<number, ChainClient> },
  use?: (service: { refresher: Refresher }) => Promise<unknown>,
): Promise<void> {
  try {
    await use?.(service)
  } finally {
    await service.refresher.stop()
    stopChainClients(service.chains)
  }
}

/** The chain's head, as the refresher's tick reads it before a snapshot. */
function headOf(chains: Map<number, ChainClient>): Promise<bigint> {
  return chains.get(CHAIN)!.client.getBlockNumber({ cacheTime: 0 })
}

/** Mines a block and returns the head, as the refresher's tick reads it before a snapshot. */
async function mined(rpcUrl: string, chains: Map<number, ChainClient>): Promise<bigint> {
  await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  })
  return chains.get(CHAIN)!.client.getBlockNumber({ cacheTime: 0 })
}

function trips({ trips }: Cost): string {
  return `${trips} round trip${trips === 1 ? '' : 's'}`
}

function requests({ requests }: Cost): string {
  return `${requests} request${requests === 1 ? '' : 's'}`
}
