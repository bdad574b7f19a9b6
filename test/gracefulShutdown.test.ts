import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { devnetChain } from './devnet.js'
import { nodeProxy, type NodeProxy } from './nodeProxy.js'
import { registryFile, startService, type ServiceProcess } from './processes.js'

const CHAIN = 56
const IN_FLIGHT = 40

describe('SIGTERM under load', () => {
  let proxy: NodeProxy | undefined
  let service: ServiceProcess | undefined
  afterAll(async () => {
    await service?.stop('SIGKILL')
    await proxy?.close()
  })

  it('lets every accepted request finish with its answer, then exits 0', async () => {
    // A node 300 ms away keeps the requests in flight when the signal comes.
    proxy = await nodeProxy(devnetChain(CHAIN).rpcUrl, { latencyMs: 300 })
    service = await startService('api', {
      REGISTRY_FILE: registryFile(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pglite-')),
      [`RPC_URLS_${CHAIN}`]: proxy.url,
      LOG_LEVEL: 'warn',
    })
    const strategy = devnetChain(CHAIN).vaults.find((vault) => vault.strategy)!.strategy!
    proxy.reset()
    const answers = Array.from({ length: IN_FLIGHT }, () =>
      fetch(`http://127.0.0.1:${service!.port}/yield/${strategy}/call/pending-fees`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chainId: CHAIN }),
      }).then(
        async (response) => ({ status: response.status, body: (await response.json()) as { data?: string } }),
        (error: unknown) => ({ status: 0, body: { error: String(error) } as { data?: string; error?: string } }),
      ),
    )
    // Every request has reached the node through the service (each asks one estimate of the
    // harvest's gas; requests started together share batches): all were accepted.
    const estimates = () => proxy!.methods().eth_estimateGas ?? 0
    const deadline = Date.now() + 10_000
    while (estimates() < IN_FLIGHT && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(estimates()).toBeGreaterThanOrEqual(IN_FLIGHT)
    const exited = new Promise<number | null>((resolve) => service!.child.once('exit', (code) => resolve(code)))
    service.child.kill('SIGTERM')
    const results = await Promise.all(answers)
    expect(results.filter((result) => result.status !== 200)).toEqual([])
    expect(results.every((result) => /^[0-9]+$/.test(result.body.data ?? ''))).toBe(true)
    expect(await exited, service.output().slice(-1500)).toBe(0)
  })
})
