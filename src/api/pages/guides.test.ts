import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../test/app.js'
import type { App } from '../deps.js'

const DOCS = resolve(import.meta.dirname, '../../../docs')

describe('the guides beside /docs', () => {
  let app: App
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app?.close())

  it("the OpenAPI description (the head of /docs) links every guide of docs/ by its title, and each link answers the guide's markdown", async () => {
    const description = (await app.inject({ method: 'GET', url: '/openapi.json' })).json().info.description as string
    const files = readdirSync(DOCS).filter((name) => name.endsWith('.md'))
    expect(files.length).toBeGreaterThanOrEqual(8)
    for (const name of files) {
      const text = readFileSync(join(DOCS, name), 'utf8')
      const title = /^# (.+)$/m.exec(text)![1]!
      expect(description, name).toContain(`[${title}](/guides/${name})`)
      const answer = await app.inject({ method: 'GET', url: `/guides/${name}` })
      expect(answer.statusCode, name).toBe(200)
      expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8')
      expect(answer.body).toBe(text)
    }
  })

  it('an unknown guide is a 404 problem naming the guides there are', async () => {
    const answer = await app.inject({ method: 'GET', url: '/guides/nothing.md' })
    expect(answer.statusCode).toBe(404)
    expect(answer.headers['content-type']).toContain('application/problem+json')
    expect(answer.json().detail).toContain('dapps.md')
  })
})
