import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get } from '../../../test/app.js'
import { nodeProxy, type NodeProxy } from '../../../test/nodeProxy.js'
import { startOwnChain, type OwnChain } from '../../../test/ownChain.js'
import { refresherApp, type RefresherApp } from '../../../test/refresherApp.js'
import { buildRegistry, type ChainRegistry } from '../../registry/index.js'
import { IndexStore, migrate, openSqlClient, type SqlClient } from '../../store/index.js'

const CHAIN = 31_406

let own: OwnChain
let proxy: NodeProxy
let sql: SqlClient
let service: RefresherApp
let registry: ChainRegistry

type Status = { chains: { chainId: number; index: { indexesBuilt: boolean; backfillPercent: number } | null }[] }

describe("answers that read the event index while it is still being built (backfill, then the chain's lookups)", () => {
  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    // A node that refuses every eth_getLogs for now: the event backfill cannot finish.
    proxy = await nodeProxy(own.manifest.rpcUrl, {
      call: (call) => (call.method === 'eth_getLogs' ? { rpcError: { code: -32000, message: 'logs are unavailable' } } : undefined),
    })
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    service = await refresherApp({ chains: [{ ...own.chainConfig, rpcUrls: [proxy.url] }], registry: own.registry, index: new IndexStore(sql) })
    registry = buildRegistry(own.registry, 'own registry').chains.get(CHAIN)!
  }, 120_000)
  afterAll(async () => {
    await service?.close()
    await sql?.close()
    await proxy?.close()
    await own?.stop()
  })

  it('say the index is being built and list nothing until it is; then read it', async () => {
    const vault = [...registry.vaults.values()].find((candidate) => candidate.strategy)!
    const user = getAddress(own.manifest.accounts[1]!.address)
    await service.refresher.refresh(CHAIN)
    const building = `the event index of chain ${CHAIN} is still being built`

    const harvests = await get(service.app, `/vaults/${vault.address}/harvests?chain=${CHAIN}`)
    expect(harvests.status).toBe(200)
    expect(harvests.body.harvests).toEqual([])
    expect((harvests.body.notes as string[]).join(' ')).toContain(building)
    const history = await get(service.app, `/users/${user}/history?chain=${CHAIN}`)
    expect(history.status).toBe(200)
    expect(history.body.actions).toEqual([])
    expect((history.body.notes as string[]).join(' ')).toContain(`chain ${CHAIN}: the event index is still being built`)
    // PnL: what the holder holds now, every figure the history makes null (never 0), and why.
    const holder = getAddress(own.manifest.accounts[0]!.address)
    type Pnl = { holding: { amount: string }; costBasis: { amount: string | null; usd: number | null }; pnlUsd: number | null; notes?: string[] }
    const unknownPnl = await get(service.app, `/users/${holder}/pnl?chain=${CHAIN}`)
    expect(unknownPnl.status).toBe(200)
    const unknownPositions = unknownPnl.body.positions as Pnl[]
    expect(unknownPositions.length).toBeGreaterThan(0)
    for (const position of unknownPositions) {
      expect(BigInt(position.holding.amount)).toBeGreaterThan(0n)
      expect(position).toMatchObject({ costBasis: { amount: null, usd: null }, pnlUsd: null })
      expect(position.notes?.join(' ')).toContain(`chain ${CHAIN}: the event index holds`)
    }
    expect(unknownPnl.body.totals).toMatchObject({ pnlUsd: null, costBasisUsd: null })
    const status = (await get(service.app, '/status')).body as Status
    expect(status.chains.find((chain) => chain.chainId === CHAIN)?.index).toMatchObject({ indexesBuilt: false })

    // The node serves logs again: the backfill finishes, the lookups are built, and the answers read the index.
    proxy.set()
    const head = await own.client.getBlockNumber({ cacheTime: 0 })
    expect(await service.index!.reach(CHAIN, head, 60_000)).toBe(true)
    await service.refresher.refresh(CHAIN)
    const after = await get(service.app, `/vaults/${vault.address}/harvests?chain=${CHAIN}`)
    expect(after.body.notes ?? []).toEqual([])
    expect((after.body.harvests as unknown[]).length).toBeGreaterThan(0)
    const knownPnl = (await get(service.app, `/users/${holder}/pnl?chain=${CHAIN}`)).body.positions as Pnl[]
    expect(knownPnl.length).toBeGreaterThan(0)
    for (const position of knownPnl) expect(position.costBasis.amount, JSON.stringify(position.notes)).not.toBeNull()
    const ready = (await get(service.app, '/status')).body as Status
    expect(ready.chains.find((chain) => chain.chainId === CHAIN)?.index).toMatchObject({ indexesBuilt: true, backfillPercent: 100 })
  }, 120_000)
})
