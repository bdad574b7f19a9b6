import { execFile } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, anvilAccounts, type DevnetManifest, startAnvil } from '../src/devnet/index.js'
import type { RegistryFile } from '../src/registry/index.js'
import { IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from '../src/store/index.js'
import { laidCopy } from './laidCopy.js'
import { refresherApp, type RefresherApp } from './refresherApp.js'
import type { Entry } from './vaultApy.js'

const run = promisify(execFile)
const CHAIN = 56

/** A window's note that gives its reason for good: what the index cannot give, or a chain younger than the window (not one being looked for or built). */
const FINAL = /the event index cannot give it either|younger than/

type Listed = Entry & { kind: string; strategy?: string; fees: { performance: { total: number | null } } | null }

/**
 * An operator's first start, as a new team would make it: the registry discovered from the
 * addresses of the devnet's chain 56 (its month of past loaded into anvil, which keeps no old
 * state: a pruned node), a store and an event index that start empty. Within a minute of the
 * first snapshot every Beefy-style vault has its fees, and every APY window either has its base
 * from the event index or a note that says why it has none, never one that blames only the node
 * or the index still being built once it is built.
 */
describe('a first start on a discovered registry over a node without old state', () => {
  let laid: { dataDir: string; folder: string }
  let anvil: AnvilInstance
  let sql: SqlClient
  let service: RefresherApp
  let registry: RegistryFile
  let manifest: DevnetManifest['chains'][string]

  beforeAll(async () => {
    laid = laidCopy()
    manifest = (JSON.parse(readFileSync(join(laid.folder, 'manifest.json'), 'utf8')) as DevnetManifest).chains[String(CHAIN)]!
    anvil = await startAnvil(CHAIN, anvilAccounts().length, ['--load-state', join(laid.folder, `chain-${CHAIN}.json`)])
    const write = (name: string, value: unknown) => {
      const path = join(laid.folder, name)
      writeFileSync(path, JSON.stringify(value))
      return path
    }
    const from = write('addresses.json', {
      vaults: manifest.vaults.map((vault) => vault.address),
      pools: [...manifest.rewardPools, ...manifest.rewardPoolFamilies.pools].map((pool) => pool.address),
      tokens: Object.values(manifest.tokens),
    })
    const feeds = write('feeds.json', Object.fromEntries(manifest.feeds.map((feed) => [feed.token, { feed: feed.address, heartbeatSeconds: feed.heartbeat }])))
    const out = join(laid.folder, 'discovered.json')
    await run(process.execPath, [
      'scripts/runRegistry.mjs',
      'discover',
      '--chain',
      String(CHAIN),
      '--rpc',
      anvil.rpcUrl,
      '--from',
      from,
      '--feeds',
      feeds,
      '--factory',
      manifest.uniswap.factory,
      '--out',
      out,
    ])
    registry = JSON.parse(readFileSync(out, 'utf8')) as RegistryFile
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    service = await refresherApp({
      chains: [{ chainId: CHAIN, name: 'BNB Smart Chain', rpcUrls: [anvil.rpcUrl], wrappedNative: manifest.wrappedNative }],
      registry,
      store: new SnapshotStore(sql),
      index: new IndexStore(sql),
    })
    service.refresher.start()
  }, 300_000)
  afterAll(async () => {
    await service?.close()
    await sql?.close()
    await anvil?.stop()
    if (laid) rmSync(join(laid.folder, '..'), { recursive: true, force: true })
  })

  it('gives every Beefy vault its fees and every APY window its base from the index, or the reason it has none, within a minute', async () => {
    // The node keeps no old state: what the service cannot read from it, it must take elsewhere.
    const head = await service.chains.get(CHAIN)!.client.getBlockNumber()
    await expect(service.chains.get(CHAIN)!.client.getBalance({ address: manifest.wrappedNative, blockNumber: head - 50n })).rejects.toThrow()
    const settled = (vaults: Listed[]) =>
      vaults.every(
        (vault) =>
          (vault.kind !== 'beefy' || vault.fees?.performance.total !== undefined) &&
          ['1d', '7d', '30d'].every(
            (window) => vault.apyFrom[window] !== null || vault.notes?.some((note) => note.startsWith(`${window}: `) && FINAL.test(note)),
          ),
      )
    let vaults: Listed[] = []
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      const answer = await service.app.inject({ method: 'GET', url: `/vaults?chain=${CHAIN}` })
      if (answer.statusCode !== 200) continue
      vaults = answer.json() as Listed[]
      if (vaults.length > 0 && settled(vaults)) break
    }
    expect(vaults.length).toBe(manifest.vaults.length)
    for (const vault of vaults.filter((candidate) => candidate.kind === 'beefy'))
      expect(vault.fees, `${vault.address}: ${vault.notes?.join('; ')}`).not.toBeNull()
    for (const vault of vaults)
      for (const window of ['1d', '7d', '30d']) {
        const from = vault.apyFrom[window]
        if (from) expect(from.source, `${vault.address} ${window}`).toBe('index')
        else {
          const why = vault.notes?.find((note) => note.startsWith(`${window}: `)) ?? ''
          // The real reason: what the index cannot give (a vault without a strategy and no deposit near), or a chain younger than the window.
          expect(why, `${vault.address} ${window}`).toMatch(FINAL)
        }
      }
    // Every vault with a strategy has each window's base from the index: its holdings with the events since undone.
    for (const vault of vaults.filter((candidate) => candidate.strategy))
      for (const window of ['1d', '7d', '30d']) expect(vault.apyFrom[window]?.source, `${vault.address} ${window}: ${vault.notes?.join('; ')}`).toBe('index')
  }, 120_000)
})
