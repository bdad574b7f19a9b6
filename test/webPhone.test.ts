import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetChains, devnetRegistry } from '../src/devnet/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../src/store/index.js'
import { devnet } from './devnet.js'
import { refresherApp, type RefresherApp } from './refresherApp.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasBrowser = existsSync(CHROMIUM)
const [WIDE, PHONE] = [1280, 390]
/** SCREENSHOTS=1 writes the page at both widths into docs/, where docs/dapps.md shows them. */
const SCREENSHOTS = process.env.SCREENSHOTS === '1'
/** Each table's key columns by their headers: what a phone must show without scrolling sideways. */
const KEY_COLUMNS = {
  'pools-table': ['pool', 'chain', 'APR', 'pool TVL'],
  'vaults-table': ['vault', 'chain', 'forward APY', 'TVL'],
  'harvest-table': ['vault', 'chain', 'net profit', 'profitable'],
}

/** A rectangle of the page, CSS pixels. */
type Box = { left: number; right: number; width: number; text: string }

/** The page at a phone's width and at a desktop's, over a refresher with a month of history on the devnet. */
describe.skipIf(!hasBrowser)('the page on a phone and on a desktop', () => {
  let service: RefresherApp
  let store: SnapshotStore
  let browser: Browser
  let base: string
  /** Every console error and uncaught exception of every page opened, with the width it was opened at. */
  const errors: string[] = []

  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field below
  const api = async (path: string): Promise<any> => (await fetch(`${base}${path}`)).json()

  beforeAll(async () => {
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new SnapshotStore(sql)
    service = await refresherApp({ chains: devnetChains(devnet()), registry: devnetRegistry(devnet()), store, env: { HISTORY_BACKFILL_DAYS: '30' } })
    await service.app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`
    for (const chainId of service.chains.keys()) await service.refresher.refresh(chainId)
    // The month of history, and the last day's hours, read from the node after the first snapshots.
    await service.refresher.settled()
    for (const chainId of service.chains.keys()) await service.refresher.refresh(chainId)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await service?.close()
    await store?.close()
  })

  /** Opens the page at `width` and waits for every section; its console errors go to `errors`. */
  async function open(width: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${width} px: ${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (error) => errors.push(`${width} px: ${error.message}`))
    await page.goto(base)
    await page.locator('body[data-loaded="true"]').waitFor({ timeout: 20_000 })
    return page
  }

  /** At 1280 px the tables stay whole: every column shown, no row button. */
  async function atWide(): Promise<void> {
    const page = await open(WIDE)
    try {
      for (const table of Object.keys(KEY_COLUMNS)) {
        // Every header but the row buttons' (read by a screen reader only) takes room.
        const hidden = await page.evaluate<string[]>(
          `[...document.querySelectorAll('#${table} thead th')].filter((th) => th.textContent !== 'details' && th.getBoundingClientRect().width === 0).map((th) => th.textContent)`,
        )
        expect(hidden, table).toEqual([])
        expect(await page.locator(`#${table} tbody button`).filter({ visible: true }).count(), table).toBe(0)
      }
      // Ten columns of vaults, as before: their figures by header.
      const rows = await cellBoxes(page, 'vaults-table', [
        'vault',
        'chain',
        'family',
        'TVL',
        'fees',
        'forward APY',
        'APY 1 d',
        'APY 7 d',
        'APY 30 d',
        'last harvest',
      ])
      expect(rows.every((row) => row.every((box) => box.width > 0 && box.right <= WIDE))).toBe(true)
      if (SCREENSHOTS) await page.screenshot({ path: 'docs/page-1280.png' })
    } finally {
      await page.close()
    }
  }

  /** In the page: the first elements reaching past a phone's right edge, to name in a failure. */
  const pastTheEdge = (page: Page) =>
    page.evaluate<string[]>(
      `[...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > ${PHONE}).slice(0, 8).map((el) => el.tagName + '#' + el.id + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right))`,
    )

  /** In the page (a string: this file is type-checked without the DOM): the boxes of a table's cells under `headers`, row by row. */
  const cellBoxes = (page: Page, table: string, headers: string[]) =>
    page.evaluate<Box[][]>(`(() => {
      const table = document.getElementById(${JSON.stringify(table)})
      const titles = [...table.tHead.rows[0].cells].map((th) => th.textContent)
      const columns = ${JSON.stringify(headers)}.map((header) => titles.indexOf(header))
      if (columns.includes(-1)) throw new Error('${table} lacks one of ${headers.join(', ')}: it has ' + titles.join(', '))
      return [...table.tBodies[0].rows].filter((row) => !row.classList.contains('detail')).map((row) => columns.map((column) => {
        const box = row.cells[column].getBoundingClientRect()
        return { left: box.left, right: box.right, width: box.width, text: row.cells[column].textContent }
      }))
    })()`)

  it('at 390 px each table shows its key figures inside the screen, the rest a tap away, and the page does not scroll sideways; at 1280 px every column', async () => {
    await atWide()
    const page = await open(PHONE)
    try {
      for (const [table, headers] of Object.entries(KEY_COLUMNS)) {
        const rows = await cellBoxes(page, table, headers)
        expect(rows.length, table).toBeGreaterThan(0)
        for (const row of rows)
          for (const [index, box] of row.entries()) {
            const where = `${table}: ${headers[index]} "${box.text}" at ${Math.round(box.left)}–${Math.round(box.right)} px`
            expect(box.width, where).toBeGreaterThan(0)
            expect(box.left, where).toBeGreaterThanOrEqual(0)
            expect(box.right, where).toBeLessThanOrEqual(PHONE)
          }
      }
      // And each row's button, which opens the rest.
      const buttons = await page.evaluate<number[]>(
        `[...document.querySelectorAll('#pools-table tbody button, #vaults-table tbody button, #harvest-table tbody button')].map((button) => button.getBoundingClientRect().right)`,
      )
      expect(buttons.length).toBeGreaterThan(0)
      expect(Math.max(...buttons)).toBeLessThanOrEqual(PHONE)
      // Nor does a table scroll sideways inside its own box, where a cell could hide past its edge.
      for (const table of Object.keys(KEY_COLUMNS))
        expect(
          await page.evaluate<number>(`(() => { const box = document.getElementById('${table}').parentElement; return box.scrollWidth - box.clientWidth })()`),
          table,
        ).toBe(0)
      expect(await page.evaluate<number>('document.documentElement.scrollWidth'), (await pastTheEdge(page)).join(', ')).toBeLessThanOrEqual(PHONE)
      // A vault's other figures (its 7-day APY among them) open under its row with a tap, on the screen too.
      const row = page.locator('#vaults-table tbody tr[data-address]').first()
      const apy7d = await row.locator('td').nth(7).textContent()
      const button = row.getByRole('button')
      expect(await button.getAttribute('aria-expanded')).toBe('false')
      await button.tap().catch(() => button.click())
      expect(await button.getAttribute('aria-expanded')).toBe('true')
      const detail = page.locator('#vaults-table tr.detail')
      expect(await detail.locator('dt', { hasText: 'APY 7 d' }).locator('xpath=following-sibling::dd[1]').textContent()).toBe(apy7d)
      const box = (await detail.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE)
      expect(await page.evaluate<number>('document.documentElement.scrollWidth'), (await pastTheEdge(page)).join(', ')).toBeLessThanOrEqual(PHONE)
      // The vaults with a row opened: what a phone shows of a table.
      if (SCREENSHOTS) {
        await page.evaluate(`document.getElementById('vaults-title').scrollIntoView()`)
        await page.screenshot({ path: 'docs/page-390.png' })
      }
      // Whatever the figures: a long unbroken one in every key column (a large TVL, a flagged rate) leaves each table within the screen.
      await page.evaluate(
        `for (const row of document.querySelectorAll('#pools-table tbody tr:not(.detail), #vaults-table tbody tr:not(.detail), #harvest-table tbody tr:not(.detail)')) for (const cell of row.cells) if (!cell.classList.contains('toggle') && cell.offsetWidth > 0) cell.textContent = '$123,456,789,012.34'`,
      )
      const widened = await page.evaluate<number[]>(
        `[...document.querySelectorAll('#pools-table tbody button, #vaults-table tbody button, #harvest-table tbody button')].map((button) => button.getBoundingClientRect().right)`,
      )
      expect(Math.max(...widened), (await pastTheEdge(page)).join(', ')).toBeLessThanOrEqual(PHONE)
    } finally {
      await page.close()
    }
  })

  it('the harvestable list names each vault as /vaults does', async () => {
    const page = await open(WIDE)
    try {
      const shown = await page.evaluate<{ strategy: string; chain: string; vault: string }[]>(`(() => {
        const table = document.getElementById('harvest-table')
        const column = (title) => [...table.tHead.rows[0].cells].findIndex((th) => th.textContent === title)
        const [vault, chain] = [column('vault'), column('chain')]
        return [...table.tBodies[0].rows].map((row) => ({ strategy: row.dataset.strategy, chain: row.cells[chain].textContent, vault: row.cells[vault].textContent }))
      })()`)
      let named = 0
      for (const chainId of service.chains.keys()) {
        const names = new Map<string, string>(
          (await api(`/vaults?chain=${chainId}`)).map((vault: { address: string; name: string }) => [vault.address, vault.name]),
        )
        for (const harvest of await api(`/harvestable?chain=${chainId}`)) {
          const row = shown.find((entry) => entry.strategy === harvest.strategy && entry.chain === String(chainId))
          expect(row, harvest.strategy).toBeDefined()
          expect(row!.vault).toBe(names.get(harvest.vault))
          named++
        }
      }
      expect(named).toBeGreaterThan(0)
    } finally {
      await page.close()
    }
  })

  it('draws each chain in its own colour, named in a legend, its line showing along its chart', async () => {
    const page = await open(WIDE)
    try {
      await page.locator('#tvl-chart canvas').first().waitFor()
      // In the page: each legend entry's label and colour, and how many pixels of the chart's canvases have that colour (the most in one canvas, against its width).
      const entries = await page.evaluate<{ label: string; colour: string; pixels: number; width: number }[]>(`(() => {
        const rgb = (colour) => colour.match(/[0-9.]+/g).slice(0, 3).map(Number)
        const canvases = [...document.querySelectorAll('#tvl-chart canvas')].map((canvas) => {
          const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
          return { data, width: canvas.width }
        })
        return [...document.querySelectorAll('#tvl-chart .u-legend .u-series')].map((entry) => {
          const marker = entry.querySelector('.u-marker')
          const colour = marker ? getComputedStyle(marker).borderTopColor : ''
          let best = { pixels: 0, width: 0 }
          if (marker) {
            const [r, g, b] = rgb(colour)
            for (const { data, width } of canvases) {
              let pixels = 0
              for (let i = 0; i < data.length; i += 4)
                if (data[i + 3] > 200 && Math.abs(data[i] - r) < 40 && Math.abs(data[i + 1] - g) < 40 && Math.abs(data[i + 2] - b) < 40) pixels++
              if (pixels > best.pixels) best = { pixels, width }
            }
          }
          return { label: entry.querySelector('.u-label')?.textContent ?? '', colour, ...best }
        })
      })()`)
      const chains = [...service.chains.keys()]
      const colours = new Set<string>()
      for (const chainId of chains) {
        const entry = entries.find((candidate) => candidate.label.includes(String(chainId)))
        expect(entry, `a legend entry naming chain ${chainId} among ${entries.map((candidate) => candidate.label).join(', ')}`).toBeDefined()
        colours.add(entry!.colour)
        // A line of 2 px seen along at least most of its chart's plot: not hidden under another chain's.
        expect(entry!.pixels, `${entry!.label}: ${entry!.pixels} pixels of ${entry!.colour} in a chart ${entry!.width} px wide`).toBeGreaterThan(
          entry!.width - 100,
        )
      }
      expect(colours.size).toBe(chains.length)
    } finally {
      await page.close()
    }
  })

  it('the 1-day chart has points through the day, in time order, not one at each end', async () => {
    const page = await open(WIDE)
    try {
      await page.locator('button[data-range="1d"]').click()
      const chart = page.locator('#tvl-chart[data-shown-range="1d"]')
      await chart.waitFor()
      const times = ((await chart.getAttribute('data-times')) ?? '').split(' ').filter(Boolean).map(Number)
      const span = (times.at(-1) ?? 0) - (times[0] ?? 0)
      // Across most of the day, and no stretch of it empty for more than two hours.
      expect(span, `points at ${times.map((time) => new Date(time * 1000).toISOString()).join(', ')}`).toBeGreaterThanOrEqual(20 * 3_600)
      expect(times).toEqual([...times].sort((a, b) => a - b))
      const gaps = times.slice(1).map((time, index) => time - times[index]!)
      expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * 3_600)
      expect(await page.locator('#tvl-chart canvas').count()).toBeGreaterThan(0)
    } finally {
      await page.close()
    }
  })

  it('/favicon.ico answers 200, and no page load at either width logs an error', async () => {
    expect((await fetch(`${base}/favicon.ico`)).status).toBe(200)
    const page = await open(PHONE)
    const icon = await page.locator('link[rel="icon"]').getAttribute('href')
    expect(icon).not.toBeNull()
    expect((await fetch(new URL(icon!, base))).status).toBe(200)
    await page.close()
    await (await open(WIDE)).close()
    expect(errors).toEqual([])
  })
})
