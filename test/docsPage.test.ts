import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/api/index.js'
import { testApp } from './app.js'

/** Debian's Chromium (`apt-get install -y chromium`); CHROMIUM_PATH points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasBrowser = existsSync(CHROMIUM)
if (!hasBrowser) process.stderr.write(`/docs browser test skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)\n`)

/** How long Swagger UI may take to render the document or show an answer. */
const UI_TIMEOUT_MS = 20_000

/**
 * /docs as a person uses it: open an operation, "Try it out", "Execute" with the prefilled
 * examples, read the answer on the page. The examples are the devnet's, so the answers are 200.
 */
describe.skipIf(!hasBrowser)('/docs in a browser', () => {
  let app: App
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    app = await testApp()
    await app.listen({ host: '127.0.0.1', port: 0 })
    // As root (CI containers) Chromium's sandbox cannot start.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
    page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/docs`)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })

  /** Opens the operation, executes its example and returns the status and body Swagger UI shows. */
  async function execute(method: string, path: string): Promise<{ status: string; body: string }> {
    const operation = page.locator(`.opblock-${method}`, { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) })
    await operation.locator('.opblock-summary').first().click({ timeout: UI_TIMEOUT_MS })
    // The operation opens a moment after the click: its "Try it out" (or, when already trying, "Cancel") comes with it.
    const tryItOut = operation.locator('button.try-out__btn')
    await tryItOut.waitFor({ timeout: UI_TIMEOUT_MS })
    if ((await tryItOut.innerText()).includes('Try it out')) await tryItOut.click()
    await operation.locator('button.execute').click()
    const answer = operation.locator('.live-responses-table .response').first()
    await answer.waitFor({ timeout: UI_TIMEOUT_MS })
    return {
      status: (await answer.locator('.response-col_status').innerText()).trim(),
      body: await answer.locator('.response-col_description pre, .response-col_description code').first().innerText(),
    }
  }

  it('executes a read, E2 GET /v2/pools, with its example chain: 200 and the devnet pools', async () => {
    const { status, body } = await execute('get', '/v2/pools')
    expect(status).toBe('200')
    expect(JSON.parse(body)).toEqual(expect.arrayContaining([expect.objectContaining({ version: 2, chaindata: expect.any(Object) })]))
  })

  it('executes a build, Y1 deposit, with its example vault and dev account: 200, the descriptor and its approval', async () => {
    const { status, body } = await execute('post', '/yield/{contractAddress}/tx/deposit')
    expect(status).toBe('200')
    const descriptor = JSON.parse(body)
    expect(descriptor).toMatchObject({ chainId: 56, data: expect.stringMatching(/^0x/) })
    expect(descriptor).not.toHaveProperty('value')
    expect(descriptor.approvals).toHaveLength(1)
  })
})
