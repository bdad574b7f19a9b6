import { pino, type Logger } from 'pino'
import type { PrivateKeyAccount, TransactionReceipt } from 'viem'
import { afterAll, beforeAll, expect } from 'vitest'
import { buildApp, type App } from '../src/api/index.js'
import { createChainClients, FactCache, rpcOptionsOf, startChainProbes, stopChainClients } from '../src/chain/index.js'
import { loadConfig, type Config } from '../src/config/index.js'
import { Metrics } from '../src/metrics/index.js'
import { devnetChains, devnetRegistry, minedReceipt } from '../src/devnet/index.js'
import { buildRegistry, type RegistryFile } from '../src/registry/index.js'
import type { TxDescriptor } from '../src/schema/index.js'
import type { BlockPriceStore, IndexStore, SnapshotStore } from '../src/store/index.js'
import { devnet, publicClientFor, walletClientFor } from './devnet.js'
import { whyReverted } from './whyReverted.js'

/**
 * The service as `npm start` builds it in devnet mode, over the test run's devnet, with rate
 * limiting off (tests send many requests from one address). `onRequest` counts RPC calls;
 * `registry` replaces the devnet's generated registry; `rpcUrls` replaces a chain's node URLs
 * (e.g. proxies from test/nodeProxy.ts); `config` overrides settings; `probes: false` leaves the
 * background health checks off (so a proxy counts only what requests cause); `log` receives the
 * app's log lines (silent by default); `store` keeps history (the history reads answer 404 without it),
 * `index` is the event index's store the harvest history reads (nothing indexes it here).
 */
/** The test app over the devnet, started before a test file's tests and closed after them: `app()` gives it. */
export function appOfFile(): () => App {
  let app: App | undefined
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app?.close())
  return () => app!
}

export async function testApp(
  options: {
    onRequest?: (chainId: number, method: string) => void
    registry?: RegistryFile
    rpcUrls?: Record<number, string[]>
    config?: Partial<Config>
    probes?: boolean
    log?: Logger
    store?: SnapshotStore
    index?: IndexStore
    blockPrices?: BlockPriceStore
    /**
     * Every chain's BLOCK_TIME override: for tests of APR math, which must not hang on the
     * measurement of a devnet every test file adds blocks to (measuring is tested on chains of its own).
     */
    blockTimeSeconds?: number
  } = {},
): Promise<App> {
  const manifest = devnet()
  const config: Config = { ...loadConfig({ LOG_LEVEL: 'silent' }), rateLimit: { max: 0, windowMs: 60_000 }, ...options.config }
  const chainConfigs = devnetChains(manifest).map((chain) => ({
    ...chain,
    rpcUrls: options.rpcUrls?.[chain.chainId] ?? chain.rpcUrls,
    ...(options.blockTimeSeconds !== undefined && { blockTimeSeconds: options.blockTimeSeconds }),
  }))
  const metrics = new Metrics()
  const chains = createChainClients(chainConfigs, {
    ...rpcOptionsOf(config),
    observer: metrics.rpcObserver,
    onRequest: (chainId, method, outcome, seconds) => {
      metrics.rpc(chainId, method, outcome, seconds)
      options.onRequest?.(chainId, method)
    },
  })
  const registry = buildRegistry(options.registry ?? devnetRegistry(manifest), 'devnet registry')
  const app = await buildApp({
    config,
    log: options.log ?? pino({ level: 'silent' }),
    version: 'test',
    chains,
    registry,
    facts: new FactCache(),
    devnet: manifest,
    metrics,
    ...(options.store && { store: options.store }),
    ...(options.index && { index: options.index }),
    ...(options.blockPrices && { blockPrices: options.blockPrices }),
  })
  if (options.probes !== false) await startChainProbes(chains)
  app.addHook('onClose', async () => stopChainClients(chains))
  await app.ready()
  return app
}

/** GETs `url` and returns status, parsed body and headers. */
export async function get(app: App, url: string) {
  const response = await app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

/** POSTs a JSON body and returns status, parsed body and headers. */
export async function post(app: App, url: string, body: unknown) {
  const response = await app.inject({ method: 'POST', url, payload: body as object })
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

/**
 * Signs and sends a descriptor the way a wallet would: its approvals first, then the call, each
 * with exactly the returned `gas` as limit. Checks that every transaction succeeds and used no
 * more gas than the descriptor said. Returns the receipt of the main call.
 */
export async function sendDescriptor(account: PrivateKeyAccount, tx: TxDescriptor) {
  const receipts = await sendDescriptorSteps(account, tx)
  return receipts[receipts.length - 1]!
}

/**
 * Sends the descriptor's approvals and then itself, each with its own gas and the descriptor's
 * suggested fees (as a wallet that takes them would); every receipt, in order.
 */
export async function sendDescriptorSteps(account: PrivateKeyAccount, tx: TxDescriptor): Promise<TransactionReceipt[]> {
  const wallet = walletClientFor(tx.chainId, account)
  const client = publicClientFor(tx.chainId)
  const receipts = []
  for (const item of [...(tx.approvals ?? []), tx]) {
    expect(item.from).toBe(account.address)
    // The step as served, no field converted: what a bot's viem wallet sends.
    const hash = await wallet.sendTransaction(item as never)
    const receipt = await minedReceipt(client, hash)
    if (receipt.status !== 'success') expect.fail(`${item.data.slice(0, 10)} to ${item.to} on chain ${tx.chainId} reverted: ${await whyReverted(client, hash)}`)
    expect(receipt.gasUsed <= BigInt(item.gas), `gas used ${receipt.gasUsed} above the descriptor's ${item.gas}`).toBe(true)
    receipts.push(receipt)
  }
  return receipts
}
