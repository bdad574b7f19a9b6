import { existsSync, mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetChains, devnetRegistry } from '../src/devnet/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../src/store/index.js'
import { devnet, devnetChain } from './devnet.js'
import { nodeProxy, type NodeProxy } from './nodeProxy.js'
import { refresherApp, type RefresherApp } from './refresherApp.js'

/** Debian's Chromium (`apt-get install -y chromium`); CHROMIUM_PATH points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasBrowser = existsSync(CHROMIUM)
if (!hasBrowser) process.stderr.write(`page browser test skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)\n`)

/** The chain whose node the test stops, behind a proxy. */
const STOPPED = 43114
/** Snapshots older than this are stale: short, so a stopped node shows within the test. */
const STALE_AFTER_MS = 8_000
/** Where the page's screenshot is kept (a test artifact; the README shows one). */
const ARTIFACTS = 'test-results'

/** The page at `/` in a real browser over a refresher with a store, every figure against the API's own answer. */
describe.skipIf(!hasBrowser)('the page at / in a browser', () => {
  let service: RefresherApp
  let store: SnapshotStore
  let proxy: NodeProxy
  let browser: Browser
  let page: Page
  let base: string

  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field below
  const api = async (path: string): Promise<any> => (await fetch(`${base}${path}`)).json()
  const refreshAll = async () => {
    for (const chainId of service.chains.keys()) await service.refresher.refresh(chainId)
  }

  beforeAll(async () => {
    proxy = await nodeProxy(devnetChain(STOPPED).rpcUrl)
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new SnapshotStore(sql)
    const chains = devnetChains(devnet()).map((chain) => (chain.chainId === STOPPED ? { ...chain, rpcUrls: [proxy.url] } : chain))
    // The month of history a deployment reads from the node after its first snapshots, as `npm start` does.
    service = await refresherApp({
      chains,
      registry: devnetRegistry(devnet()),
      store,
      // A ceiling the demo's higher rates pass (15 % a year): the page marks what /vaults and /v2/pools flag.
      env: { SNAPSHOT_STALE_AFTER_MS: String(STALE_AFTER_MS), HISTORY_BACKFILL_DAYS: '30', MAX_PLAUSIBLE_APY: '0.15' },
    })
    await service.app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`
    // As root (CI containers) Chromium's sandbox cannot start.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await service?.close()
    await store?.close()
    await proxy?.close()
  })

  async function open(): Promise<void> {
    await page.goto(base)
    await page.locator('body[data-loaded="true"]').waitFor({ timeout: 20_000 })
  }

  it('shows the TVL of /tvl, the pools of /v2/pools, the vaults of /vaults and a chart with points; no stale banner', async () => {
    await refreshAll()
    await service.refresher.settled()
    // Snapshots taken now: waiting for the month of history can take longer than the 8 s after which an answer is stale.
    await refreshAll()
    const asked: string[] = []
    const record = (request: { url(): string }) => asked.push(new URL(request.url()).pathname)
    page.on('request', record)
    await open()
    page.off('request', record)
    // The pools section asks per chain, not per pool: their TVL comes with /v2/pools, their APR histories in one request.
    expect(asked.filter((path) => path.startsWith('/tvl/pool/'))).toEqual([])
    expect(asked.filter((path) => path.endsWith('/apr-history')).sort()).toEqual([...service.chains.keys()].map(() => '/v2/pools/apr-history'))
    expect(await page.locator('#stale').isHidden()).toBe(true)
    const tvl = await api('/tvl?platform=all')
    for (const field of ['total', 'yieldTvl', 'poolTvl', 'bridgeTvl'])
      expect(Number(await page.locator(`#tvl-figures dd[data-field="${field}"]`).getAttribute('data-value'))).toBe(tvl[field])

    const shownPools = new Set(await page.locator('#pools-table tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-address'))))
    const pools = new Set<string>()
    for (const chainId of service.chains.keys()) for (const pool of await api(`/v2/pools?chain=${chainId}`)) pools.add(pool.address)
    expect(shownPools).toEqual(pools)

    const shownVaults = await page.locator('#vaults-table tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-address')).sort())
    expect(shownVaults).toEqual((await api('/vaults')).map((vault: { address: string }) => vault.address).sort())
    // By name, as /vaults names them (the registry's, else the want's "A-B LP").
    const names = await page.locator('#vaults-table tbody tr td:first-child').allTextContents()
    expect(names.sort()).toEqual((await api('/vaults')).map((vault: { name: string }) => vault.name).sort())
    // Each vault's fees and forward APY as /vaults gives them; a missing one with its note; a flagged one marked.
    const vaults = await api('/vaults')
    const flaggedFields = (vault: { flags?: { field: string }[] }) => new Set((vault.flags ?? []).map((flag) => flag.field))
    const mark = (vault: { flags?: { field: string }[] }, field: string) => (flaggedFields(vault).has(field) ? ' ⚠' : '')
    expect(vaults.some((vault: { flags?: unknown[] }) => vault.flags)).toBe(true)
    let forwardShown = 0
    let idleShown = 0
    for (const vault of vaults) {
      const cells = page.locator(`#vaults-table tbody tr[data-address="${vault.address}"][data-chain="${vault.chainId}"] td`)
      const marked = await cells.locator('.flagged').evaluateAll((spans) => spans.map((span) => [span.getAttribute('data-flags'), span.getAttribute('title')]))
      expect(marked.length).toBe(flaggedFields(vault).size)
      for (const flag of vault.flags ?? []) expect(marked.some(([kinds, title]) => kinds?.includes(flag.kind) && title?.includes(flag.detail))).toBe(true)
      const [fees, forward] = [await cells.nth(4).textContent(), await cells.nth(5).textContent()]
      if (vault.fees) expect(fees).toBe(`${(vault.fees.performance.total * 100).toFixed(2)} % / ${(vault.fees.withdraw * 100).toFixed(2)} % *`)
      else expect(fees).toBe('— *')
      const total = vault.apyBreakdown?.totalApy
      if (total !== undefined && total !== null) {
        expect(forward).toBe(`${(total * 100).toFixed(2)} % *${mark(vault, 'apyBreakdown.totalApy')}`)
        forwardShown++
      } else if (!vault.apyBreakdown) {
        // An idle vault earns nothing: its forward APY reads "idle", with the note that says why.
        expect(forward).toBe(vault.idle ? 'idle *' : '— *')
        if (vault.idle) idleShown++
      }
      // The realized APYs are fractions a year too: shown in percent.
      const realized = [await cells.nth(6).textContent(), await cells.nth(7).textContent(), await cells.nth(8).textContent()]
      ;(['1d', '7d', '30d'] as const).forEach((window, index) => {
        const value = vault.apy[window]
        if (value !== null) expect(realized[index]).toBe(`${(value * 100).toFixed(2)} %${mark(vault, `apy.${window}`)}`)
      })
    }
    // The checks above ran on figures, not only on dashes, and on the devnet's idle ERC-4626 vaults.
    expect(forwardShown).toBeGreaterThan(0)
    expect(idleShown).toBeGreaterThan(0)

    // A staking pool's APR over the ceiling is marked, its detail on hover; the others are not.
    for (const pool of await api('/v2/pools?chain=56'))
      for (const [index, staking] of pool.chaindata.stakingPools.entries()) {
        const flag = (pool.flags ?? []).find((candidate: { field: string }) => candidate.field === `chaindata.stakingPools[${index}].apr`)
        const cell = page.locator(`#pools-table tbody tr[data-address="${pool.address}"][data-chain="56"][data-pid="${staking.pid}"] td`).nth(4)
        expect(await cell.locator('.flagged').count(), `${pool.name} pid ${staking.pid}`).toBe(flag ? 1 : 0)
        if (flag) expect(await cell.locator('.flagged').getAttribute('title')).toContain(flag.detail)
      }

    // An ended staking pool shows the APR it had before its end, and every staking pool its stakers, as /v2/pools says.
    const e2 = await api('/v2/pools?chain=56')
    const ended = page.locator('#pools-table tbody tr[data-state="ended"][data-chain="56"]')
    expect(await ended.count()).toBeGreaterThan(0)
    const row = ended.first()
    const [address, pid] = [await row.getAttribute('data-address'), await row.getAttribute('data-pid')]
    const pool = e2.find((candidate: { address: string }) => candidate.address === address)
    expect(await row.locator('td').nth(4).textContent()).toBe(`${Number(pool.completedAPR[pid!]).toFixed(2)} % (completed) *`)
    const staking = pool.chaindata.stakingPools.find((candidate: { pid: number }) => String(candidate.pid) === pid)
    expect((await row.locator('td').nth(7).textContent())?.replace(' *', '')).toBe(staking.participants)
    // The staking token by its symbol, as /tokens gives it.
    expect(await row.locator('td').nth(3).textContent()).toBe((await api('/tokens?chain=56'))[staking.stakingToken].symbol)

    expect(Number(await page.locator('#tvl-chart').getAttribute('data-points'))).toBeGreaterThan(0)
    // It opens on the month the history holds, with points across it, not on a day with two dots.
    const chart = page.locator('#tvl-chart')
    expect(await chart.getAttribute('data-shown-range')).toBe('30d')
    expect(await page.locator('button[data-range="30d"]').getAttribute('aria-pressed')).toBe('true')
    const [first, last] = [Number(await chart.getAttribute('data-first')), Number(await chart.getAttribute('data-last'))]
    expect(last - first).toBeGreaterThanOrEqual(27 * 86_400)
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(28)
    expect(await page.locator('#tvl-chart canvas').count()).toBeGreaterThan(0)
    expect(await page.locator('#harvest-table tbody tr').count()).toBeGreaterThan(0)
  })

  it('the playground builds a deposit and shows its descriptor and a viem snippet', async () => {
    const vault = devnetChain(56).vaults.find((candidate) => candidate.kind === 'beefy')!
    const option = page.locator('#play-target option', { hasText: `(chain 56)` }).filter({ hasText: 'beefy vault' }).first()
    await page.locator('#play-target').selectOption(await option.getAttribute('value'))
    await page.locator('#play-action').selectOption('deposit')
    await page.locator('#play-user').fill(devnetChain(56).accounts[1]!.address)
    // By keyboard: Enter in a field submits the form.
    await page.locator('#play-amount').press('Enter')
    await page.locator('#play-descriptor:not(:empty)').waitFor({ timeout: 20_000 })
    const descriptor = JSON.parse((await page.locator('#play-descriptor').textContent()) ?? '{}')
    expect(descriptor).toMatchObject({ chainId: 56, calls: expect.any(Array), expected: expect.any(Array) })
    expect(descriptor).not.toHaveProperty('value')
    expect(devnetChain(56).vaults.map((candidate) => candidate.address)).toContain(descriptor.to)
    expect(vault).toBeDefined()
    expect(await page.locator('#play-snippet').textContent()).toContain('wallet.sendTransaction')
  })

  it('the playground offers zap out for a vault with a zap, into the native coin by default', async () => {
    // The devnet's past deposited the demo user (dev account 2) into the first Beefy vault, which has a zap.
    const vault = devnetChain(56).vaults.find((candidate) => candidate.kind === 'beefy' && candidate.zap)!
    const name = (await api('/vaults?chain=56')).find((entry: { address: string }) => entry.address === vault.address).name
    const option = page.locator('#play-target option', { hasText: `${name}, beefy vault (chain 56)` })
    await page.locator('#play-target').selectOption(await option.getAttribute('value'))
    expect(await page.locator('#play-token-out-label').isHidden()).toBe(true)
    await page.locator('#play-action').selectOption('zap-out')
    expect(await page.locator('#play-token-out').inputValue()).toBe('native')
    await page.locator('#play-user').fill(devnetChain(56).accounts[2]!.address)
    await page.locator('#play-amount').fill('1000000000000000')
    await page.locator('#play-amount').press('Enter')
    // The deposit's descriptor may still be there: wait for the zap-out's own.
    await page.locator('#play-descriptor', { hasText: 'swapMinimumOut' }).waitFor({ timeout: 20_000 })
    const descriptor = JSON.parse((await page.locator('#play-descriptor').textContent()) ?? '{}')
    expect(descriptor).toMatchObject({ chainId: 56, to: vault.zap, swapMinimumOut: expect.stringMatching(/^[0-9]+$/) })
    expect(descriptor.expected).toContainEqual({ token: vault.address, delta: '-1000000000000000' })
    expect(descriptor.expected.some((change: { token: string; delta: string }) => change.token === 'native' && BigInt(change.delta) > 0n)).toBe(true)
  })

  it('fits a phone: at 390 px wide nothing but the tables scrolls sideways', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } })
    try {
      await phone.goto(base)
      await phone.locator('body[data-loaded="true"]').waitFor({ timeout: 20_000 })
      // In the page (a string: this file is type-checked without the DOM): what reaches past the right edge.
      const wide = await phone.evaluate<string[]>(
        `[...document.querySelectorAll('body *')].filter((el) => !el.closest('.scroll') && el.getBoundingClientRect().right > 391).map((el) => el.tagName + '#' + el.id)`,
      )
      expect(wide, 'elements past the right edge, outside the scrolling tables').toEqual([])
      expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390)
    } finally {
      await phone.close()
    }
  })

  it("with one chain's node stopped, the page says that chain's data is stale and keeps showing the rest", async () => {
    proxy.set({ hang: true })
    await new Promise((resolve) => setTimeout(resolve, STALE_AFTER_MS + 1_000))
    for (const chainId of service.chains.keys()) if (chainId !== STOPPED) await service.refresher.refresh(chainId)
    await open()
    const banner = page.locator('#stale')
    expect(await banner.isVisible()).toBe(true)
    expect(await banner.textContent()).toContain(`chain ${STOPPED}`)
    expect(await banner.textContent()).not.toContain('chain 56 ')
    expect(await page.locator('#vaults-table tbody tr').count()).toBeGreaterThan(0)
    mkdirSync(ARTIFACTS, { recursive: true })
    await page.screenshot({ path: `${ARTIFACTS}/page.png`, fullPage: true })
    await page.screenshot({ path: `${ARTIFACTS}/page-top.png` })
    proxy.set()
  }, 30_000)
})
