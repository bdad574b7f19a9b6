import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get, testApp } from '../../test/app.js'
import { devnetChain } from '../../test/devnet.js'
import { nodeProxy, type NodeProxy } from '../../test/nodeProxy.js'
import type { App } from './deps.js'

const CHAIN = 56

/**
 * What an operator sees when one of a chain's URLs starts answering for another chain (a proxy
 * in front of the devnet's chain 56 that switches to its chain 1): /status names the node's chain
 * id, the chain stays ready on its other node, and /metrics counts it out of rotation.
 */
describe('a node of another chain at run time, as /status and /metrics show it', () => {
  let app: App
  let proxy: NodeProxy
  beforeAll(async () => {
    proxy = await nodeProxy(devnetChain(CHAIN).rpcUrl)
    app = await testApp({ rpcUrls: { [CHAIN]: [proxy.url, devnetChain(CHAIN).rpcUrl] }, config: { rpcProbeIntervalMs: 200 } })
  })
  afterAll(async () => {
    await app?.close()
    await proxy?.close()
  })

  it('is shown in /status with the chain id it answers, and counted in /metrics', async () => {
    type Status = { chains: { chainId: number; ready: boolean; nodes: { index: number; wrongChainId: number | null }[] }[] }
    const nodesOf = async () => (await get(app, '/status')).body as Status
    expect((await nodesOf()).chains.find((chain) => chain.chainId === CHAIN)!.nodes.map((node) => node.wrongChainId)).toEqual([null, null])

    proxy.set({ upstream: devnetChain(1).rpcUrl })
    let chain: Status['chains'][number] | undefined
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      chain = (await nodesOf()).chains.find((candidate) => candidate.chainId === CHAIN)
      if (chain?.nodes[0]?.wrongChainId === 1) break
    }
    expect(chain!.nodes.map((node) => node.wrongChainId)).toEqual([1, null])
    expect(chain!.ready).toBe(true)
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
    const label = `chain="${CHAIN}",endpoint="0:${proxy.url}"`
    expect(metrics).toContain(`rpc_endpoint_wrong_chain_total{${label}} 1`)
    expect(metrics).toContain(`rpc_endpoint_wrong_chain{${label}} 1`)
  })
})
