import { expect } from 'vitest'
import type { Address, PublicClient } from 'viem'
import { beefyVaultAbi } from '../contracts/artifacts/index.js'
import type { RefresherApp } from './refresherApp.js'

/** What the tests of GET /vaults share: its APY windows, the shape of an entry, a GET and the test's own APY. */
export const DAY = 86_400
export const WINDOWS = { '1d': DAY, '7d': 7 * DAY, '30d': 30 * DAY } as const
const YEAR = 365 * DAY

export type Entry = {
  address: Address
  pricePerShare: string
  lastHarvest: number
  apy: Record<string, number | null>
  apyFrom: Record<string, { blockNumber: string; timestamp: number; source: string } | null>
  notes?: string[]
}

export async function get(service: RefresherApp, url: string) {
  const response = await service.app.inject({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(200)
  return { body: response.json(), blockNumber: BigInt(String(response.headers['x-block-number'] ?? 0)) }
}

/**
 * The test's own APY, a fraction a year: the growth of getPricePerFullShare between the two blocks, read
 * from the chain, compounded over a year by the span of their timestamps (none of the service's code).
 */
export async function apyFromChain(client: PublicClient, vault: Address, from: bigint, to: bigint): Promise<number> {
  const read = (blockNumber: bigint) => client.readContract({ address: vault, abi: beefyVaultAbi, functionName: 'getPricePerFullShare', blockNumber })
  const time = async (blockNumber: bigint) => Number((await client.getBlock({ blockNumber })).timestamp)
  const growth = Number(await read(to)) / Number(await read(from))
  return growth ** (YEAR / ((await time(to)) - (await time(from)))) - 1
}
