import { pino } from 'pino'
import { buildApp } from '../src/api/index.js'
import { createChainClients, FactCache, rpcOptionsOf } from '../src/chain/index.js'
import { loadConfig } from '../src/config/index.js'
import { devnetChains, devnetRegistry, type DevnetManifest } from '../src/devnet/index.js'
import { buildRegistry } from '../src/registry/index.js'
import { nodeProxy, type NodeProxy } from '../test/nodeProxy.js'

/** The service in this process with one chain's node behind the test proxy, which counts and records what it is asked. */
export interface ProxiedService {
  /** Where the service listens. */
  base: string
  proxy: NodeProxy
  /** Posts `body` to the service's `path`; the HTTP status. */
  post(path: string, body: object | string): Promise<number>
  close(): Promise<void>
}

/**
 * The service over `manifest`'s devnet with chain `chainId` behind a node proxy: what the chain
 * layer asks the node for each request, seen at the node. In this process (no refresher, no rate
 * limit), so only for counting and recording, never for timing the service.
 */
export async function proxiedService(manifest: DevnetManifest, chainId: number): Promise<ProxiedService> {
  const proxy = await nodeProxy(manifest.chains[String(chainId)]!.rpcUrl)
  const config = { ...loadConfig({}), rateLimit: { max: 0, windowMs: 60_000 } }
  const chainConfigs = devnetChains(manifest).map((chain) => (chain.chainId === chainId ? { ...chain, rpcUrls: [proxy.url] } : chain))
  const app = await buildApp({
    config,
    log: pino({ level: 'silent' }),
    version: 'bench',
    chains: createChainClients(chainConfigs, rpcOptionsOf(config)),
    registry: buildRegistry(devnetRegistry(manifest)),
    facts: new FactCache(),
  })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    base,
    proxy,
    post: async (path, body) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
      await response.arrayBuffer()
      return response.status
    },
    close: async () => {
      await app.close()
      await proxy.close()
    },
  }
}
