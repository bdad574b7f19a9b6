import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../test/app.js'
import { devnet as devnetManifest } from '../../../test/devnet.js'
import { exampleRequest, operationsOf, schemaValidator, type Document } from '../../../test/openapi.js'
import { ERROR_CATALOG, ERROR_CODES, type ErrorCode } from '../../errors/index.js'
import { BlockPriceStore, IndexStore, migrate, openSqlClient, SnapshotStore } from '../../store/index.js'
import type { App } from '../deps.js'

/** Headers the service sets on purpose: each one an answer carries must be in the document. */
const SERVICE_HEADERS = [
  'x-request-id',
  'x-block-number',
  'x-block-numbers',
  'age',
  'x-stale',
  'etag',
  'cache-control',
  'retry-after',
  'x-omitted-tokens',
  'x-omitted-bridges',
  'x-omitted-pools',
]

/** The document as the devnet serves it: every example is live, every answer described. */
describe('the OpenAPI document over the devnet', () => {
  let app: App
  let store: SnapshotStore
  let document: Document
  let validatorFor: ReturnType<typeof schemaValidator>

  beforeAll(async () => {
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new SnapshotStore(sql)
    app = await testApp({ store, index: new IndexStore(sql), blockPrices: new BlockPriceStore(sql) })
    document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    validatorFor = schemaValidator(document)
  })
  afterAll(async () => {
    await app.close()
    await store.close()
  })

  const errorsOf = (schema: object, value: unknown) => {
    const validate = validatorFor(schema)
    return validate(value) ? [] : validate.errors
  }

  it('gives every operation an example for each path and query parameter it requires, its body and its 200 answer', () => {
    for (const { key, operation } of operationsOf(document)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.required) expect(parameter.example, `${key} ${parameter.name}`).toBeDefined()
        if (parameter.example !== undefined) expect(errorsOf(parameter.schema, parameter.example), `${key} ${parameter.name}`).toEqual([])
      }
      const body = operation.requestBody?.content['application/json']
      if (body) expect(errorsOf(body.schema!, body.example), key).toEqual([])
      const content = operation.responses['200']?.content
      const ok = content?.['application/json'] ?? content?.['text/event-stream']
      expect(ok?.example, key).toBeDefined()
      expect(errorsOf(ok!.schema!, ok!.example), key).toEqual([])
    }
  })

  it('describes every error as application/problem+json, with an example of each code the status answers with', () => {
    for (const { key, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.headers?.['x-request-id'], `${key} ${status}`).toBeDefined()
        if (Number(status) < 400) continue
        expect(Object.keys(response.content ?? {}), `${key} ${status}`).toEqual(['application/problem+json'])
        const media = response.content!['application/problem+json']!
        for (const [code, example] of Object.entries(media.examples ?? {})) {
          expect(ERROR_CODES, `${key} ${status}`).toContain(code)
          expect(example.value, `${key} ${status}`).toMatchObject({ code, status: Number(status) })
          expect(errorsOf(media.schema!, example.value), `${key} ${status} ${code}`).toEqual([])
          expect(response.description).toContain(code)
        }
        expect(Object.keys(media.examples ?? {}).length, `${key} ${status}`).toBeGreaterThan(0)
        if ([429, 502, 503].includes(Number(status))) expect(response.headers?.['retry-after'], `${key} ${status}`).toBeDefined()
      }
    }
  })

  it('types hex strings with a 0x pattern, the error code as an enum of every code, and /devnet', () => {
    const schemas = document.components.schemas as Record<string, { properties: Record<string, { enum?: string[] }> }>
    expect(schemas.Problem!.properties.code!.enum).toEqual(ERROR_CODES)
    const deposit = document.paths['/yield/{contractAddress}/tx/deposit']!.post!
    const body = deposit.requestBody!.content['application/json']!.schema as { properties: Record<string, { pattern?: string }> }
    expect(body.properties.user!.pattern).toBe('^0x[0-9a-fA-F]{40}$')
    const descriptor = deposit.responses['200']!.content!['application/json']!.schema as { properties: Record<string, { pattern?: string }> }
    expect(descriptor.properties.data!.pattern).toMatch(/^\^0x/)
    expect(descriptor.properties.to!.pattern).toMatch(/^\^0x/)
    const devnet = document.paths['/devnet']!.get!.responses['200']!.content!['application/json']!
    expect((devnet.schema as { properties: Record<string, unknown> }).properties.chains).toBeDefined()
    // The examples come from this devnet's manifest, not the fixed samples of a service without one.
    expect(devnet.example).toEqual(devnetManifest())
  })

  it('answers 2xx to every example, with a body and headers the document describes', async () => {
    for (const { key, method, path, operation } of operationsOf(document)) {
      // An event stream never ends: test/stream.test.ts reads it over HTTP.
      if (operation.responses['200']?.content?.['text/event-stream']) continue
      const { url, body } = exampleRequest(path, operation)
      const response = await app.inject({ method: method as 'GET' | 'POST', url, ...(body !== undefined && { payload: body as object }) })
      expect(response.statusCode, `${key}: ${response.body}`).toBe(200)
      const documented = operation.responses['200']!
      expect(errorsOf(documented.content!['application/json']!.schema!, response.json()), key).toEqual([])
      for (const header of SERVICE_HEADERS) {
        if (response.headers[header] !== undefined) expect(Object.keys(documented.headers ?? {}), `${key} answers ${header}`).toContain(header)
      }
    }
  })

  it('answers errors with a code the operation lists for that status: a body missing its fields, an unknown contract', async () => {
    const unknown = '0x000000000000000000000000000000000000dEaD'
    const documentedCodes = (operation: (typeof operations)[number]['operation'], status: number) =>
      Object.keys(operation.responses[String(status)]?.content?.['application/problem+json']?.examples ?? {}) as ErrorCode[]
    const operations = operationsOf(document)
    for (const { key, method, path, operation } of operations) {
      const { url, body } = exampleRequest(path, operation)
      const tries: { url: string; body?: unknown }[] = []
      if (body !== undefined) tries.push({ url, body: {} })
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && /Address$/.test(parameter.name)) tries.push({ url: url.replace(String(parameter.example), unknown), body })
      }
      for (const attempt of tries) {
        const response = await app.inject({
          method: method as 'GET' | 'POST',
          url: attempt.url,
          ...(attempt.body !== undefined && { payload: attempt.body as object }),
        })
        const problem = response.json() as { code: ErrorCode }
        expect(response.headers['content-type'], key).toMatch(/^application\/problem\+json/)
        expect(documentedCodes(operation, response.statusCode), `${key} ${attempt.url} answered ${response.statusCode} ${problem.code}`).toContain(problem.code)
        expect(ERROR_CATALOG[problem.code], key).toBeDefined()
      }
    }
  })
})
