import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../test/app.js'
import { devnet, publicClientFor } from '../../../test/devnet.js'
import type { App } from '../deps.js'

describe('meta routes over the devnet', () => {
  let app: App
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app.close())

  it('/readyz is 200 with every chain and its block when every node answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(Object.keys(body.chains).sort()).toEqual(['1', '43114', '56'])
    const height = await publicClientFor(56).getBlockNumber()
    expect(BigInt(body.chains['56'].blockNumber)).toBeLessThanOrEqual(height)
    expect(BigInt(body.chains['56'].blockNumber)).toBeGreaterThan(0n)
  })

  it('/devnet lists per chain the vaults, reward pools, LP tokens, bridges, tokens and funded accounts', async () => {
    const response = await app.inject({ method: 'GET', url: '/devnet' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual(devnet())
    for (const chainId of ['1', '56', '43114']) {
      const chain = body.chains[chainId]
      expect(chain.vaults.filter((vault: { kind: string }) => vault.kind === 'beefy').length).toBeGreaterThanOrEqual(2)
      expect(chain.vaults.filter((vault: { kind: string }) => vault.kind === 'erc4626').length).toBeGreaterThanOrEqual(2)
      expect(chain.rewardPools.length).toBeGreaterThanOrEqual(2)
      expect(chain.lpTokens.length).toBeGreaterThan(0)
      expect(chain.bridges.length).toBeGreaterThan(0)
      expect(Object.keys(chain.tokens).length).toBeGreaterThan(3)
      expect(chain.accounts).toHaveLength(10)
    }
  })

  it('/openapi.json is valid OpenAPI 3.1 with every endpoint of the interface document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /pool/{poolAddress}/{pid}/tx/stake',
        'POST /pool/{poolAddress}/{pid}/tx/unstake',
        'POST /pool/{poolAddress}/{pid}/tx/claim',
        'POST /pool/{poolAddress}/{pid}/call/user-staked',
        'POST /pool/{poolAddress}/{pid}/call/pending-rewards',
        'GET /tvl/pool/{poolAddress}',
        'GET /tokens/{address}/staked',
        'GET /version',
        'GET /lp',
        'GET /tokens',
        'GET /tvl',
        'GET /v2/pools',
        'GET /bridges',
      ]),
    )
  })

  it('/openapi.json lists the nine yield endpoints and zap out with request and response schemas', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const yieldPaths = Object.keys(document.paths).filter((path) => path.startsWith('/yield/'))
    expect(yieldPaths).toHaveLength(10)
    expect(yieldPaths).toContain('/yield/{contractAddress}/tx/zap-out')
    for (const path of yieldPaths) {
      const operation = document.paths[path].post
      const request = operation.requestBody.content['application/json']
      const response = operation.responses['200'].content['application/json']
      expect(request.schema, path).toBeDefined()
      expect(response.schema, path).toBeDefined()
      // One example each: @fastify/swagger moves a schema's single example to the media type.
      expect(request.example ?? request.examples, path).toBeTruthy()
      expect(response.example ?? response.examples, path).toBeTruthy()
    }
  })
})
