import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../test/app.js'
import { devnetChain, fundedAccount, publicClientFor } from '../../test/devnet.js'
import type { App } from '../../src/api/index.js'
import { deposit } from '../examples/deposit.js'
import { generateTypes } from '../scripts/generate.mjs'
import { createApiClient } from '../src/index.js'

const CHAIN = 56
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')

/** The client package against the service over the devnet, as its README tells a user to use it. */
describe('@defi-vault-api/client', () => {
  let app: App
  let api: string
  beforeAll(async () => {
    app = await testApp()
    await app.listen({ host: '127.0.0.1', port: 0 })
    api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  afterAll(() => app.close())

  it('has the types of the document the service serves (after a change: `npx vitest run client/test -u`)', async () => {
    const document = (await (await fetch(`${api}/openapi.json`)).json()) as object
    await expect(await generateTypes(document)).toMatchFileSnapshot('../src/openapi.generated.ts')
  })

  it('runs the README example: builds a deposit with the typed client, sends it, approvals first, with viem, and reads the positions after its receipt', async () => {
    const vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy')!
    const { privateKey, address } = await fundedAccount(CHAIN)
    const shares = () => publicClientFor(CHAIN).readContract({ address: vault.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const before = await shares()
    const { hash, positions } = await deposit({
      api,
      rpc: devnetChain(CHAIN).rpcUrl,
      privateKey,
      vault: vault.address,
      amount: '1000000000000000000',
      chainId: CHAIN,
    })
    const receipt = await publicClientFor(CHAIN).getTransactionReceipt({ hash })
    expect(receipt.to?.toLowerCase()).toBe(vault.address.toLowerCase())
    expect(await shares()).toBeGreaterThan(before)
    // Read at the deposit's block or later (afterReceipt): the position holds every share minted.
    expect(positions.find((position) => position.address === vault.address)?.shares).toBe(String(await shares()))
  })

  it('shows in its README the very example this test runs', () => {
    expect(read('../README.md')).toContain(read('../examples/deposit.ts').trim())
    expect(read('../../README.md')).toContain(read('../examples/deposit.ts').trim())
  })

  it('types an error answer as the problem+json it is', async () => {
    const { data, error, response } = await createApiClient(api).POST('/yield/{contractAddress}/tx/deposit', {
      params: { path: { contractAddress: '0x000000000000000000000000000000000000dEaD' } },
      body: { user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '1', chainId: CHAIN },
    })
    expect(data).toBeUndefined()
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(error?.code).toBe('VAULT_NOT_FOUND')
    expect(response.headers.get('x-request-id')).toBe(error?.requestId)
  })
})
