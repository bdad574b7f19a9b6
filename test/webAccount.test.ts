import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { createWalletClient, erc20Abi, type Hex, http, maxUint256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, multiRewardsAbi } from '../contracts/artifacts/index.js'
import { confirmOn, TX_GAS } from './devnet.js'
import { indexedOwnChain, type IndexedOwnChain } from './indexedOwnChain.js'
import type { OwnChain } from './ownChain.js'
import type { RefresherApp } from './refresherApp.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasBrowser = existsSync(CHROMIUM)
const CHAIN = 31_478
/** The dev account that acts: the page offers the first four in one click each. */
const USER = 2

/** The page's account section in a real browser, over a chain of its own where one account deposited and staked. */
describe.skipIf(!hasBrowser)('the page shows what an account made', () => {
  let chain: IndexedOwnChain
  let own: OwnChain
  let service: RefresherApp
  let browser: Browser
  let base: string
  let user: string

  beforeAll(async () => {
    chain = await indexedOwnChain({ chainId: CHAIN, history: true, devnet: true })
    ;({ own, service } = chain)
    const account = privateKeyToAccount(own.manifest.accounts[USER]!.privateKey as Hex)
    user = account.address
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    const send = (request: object) => confirmOn(own.client, wallet.writeContract({ ...request, gas: TX_GAS } as never))
    const balance = (token: `0x${string}`) =>
      own.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user as `0x${string}`] })
    const vault = own.manifest.vaults.find((entry) => entry.kind === 'beefy')!
    const pool = own.manifest.rewardPoolFamilies.pools.find((entry) => entry.kind === 'multi-rewards')!
    await send({ address: vault.want, abi: erc20Abi, functionName: 'approve', args: [vault.address, maxUint256] })
    await send({ address: vault.address, abi: beefyVaultAbi, functionName: 'deposit', args: [(await balance(vault.want)) / 10n] })
    await send({ address: pool.stakingTokens[0]!, abi: erc20Abi, functionName: 'approve', args: [pool.address, maxUint256] })
    await send({ address: pool.address, abi: multiRewardsAbi, functionName: 'stake', args: [(await balance(pool.stakingTokens[0]!)) / 10n] })
    // A day later, with a history point recorded: the chart has the deposit's day and this one.
    await own.client.request({ method: 'evm_increaseTime', params: [86_400] } as never)
    await own.refreshFeeds()
    const head = await own.client.getBlockNumber({ cacheTime: 0 })
    expect(await service.index!.reach(CHAIN, head, 30_000)).toBe(true)
    await service.refresher.refresh(CHAIN)
    await service.app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await chain?.close()
  })

  /** Opens the page at `width`, clicks the acting account's button and waits for its positions. */
  async function accountAt(width: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    await page.goto(base)
    await page.locator('body[data-loaded="true"]').waitFor({ timeout: 20_000 })
    await page.locator(`#account-dev-buttons button[data-account="${user}"]`).click()
    await page.locator(`#account-table[data-account="${user}"]`).waitFor({ timeout: 20_000 })
    return page
  }

  it('at 1280 px: a dev account in one click, each position with what /pnl says it made, the totals, and a chart of worth', async () => {
    const page = await accountAt(1280)
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field below
      const pnl: any = await (await fetch(`${base}/users/${user}/pnl`)).json()
      expect(pnl.positions.length).toBe(2)
      // In the page (a string: this file is type-checked without the DOM): each row's data and cells.
      const rows = await page.evaluate<{ address: string; pnl: string; cells: string[] }[]>(
        `[...document.querySelectorAll('#account-table tbody tr')].map((tr) => ({ address: tr.dataset.address, pnl: tr.dataset.pnl, cells: [...tr.children].map((td) => td.textContent) }))`,
      )
      const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 })
      for (const position of pnl.positions) {
        const row = rows.find((entry) => entry.address === position.address)!
        expect(row, position.address).toBeDefined()
        expect(row.pnl).toBe(String(position.pnlUsd))
        expect(row.cells[2]).toBe(money.format(position.holding.usd))
        expect(row.cells[3]).toBe(money.format(position.costBasis.usd))
        expect(row.cells[7]).toBe(money.format(position.pnlUsd))
      }
      expect(await page.locator('#account-figures [data-field="pnlUsd"]').getAttribute('data-value')).toBe(String(pnl.totals.pnlUsd))
      expect(Number(await page.locator('#account-chart').getAttribute('data-points'))).toBeGreaterThanOrEqual(1)
    } finally {
      await page.close()
    }
  }, 60_000)

  it('at 390 px: the account section fits; only its table scrolls sideways', async () => {
    const page = await accountAt(390)
    try {
      const wide = await page.evaluate<string[]>(
        `[...document.querySelectorAll('#account-title ~ *, #account-title ~ * *')].filter((el) => !el.closest('.scroll') && el.getBoundingClientRect().right > 391).map((el) => el.tagName + '#' + el.id)`,
      )
      expect(wide, 'elements of the account section past the right edge, outside its scrolling table').toEqual([])
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390)
    } finally {
      await page.close()
    }
  }, 60_000)
})
