import { expect } from 'vitest'
import { type Address, erc4626Abi, type PublicClient } from 'viem'
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
 * Where the test reads a block's state: one client, or the one that holds that block's state (a
 * pruned node's past replayed on an archive of the test's own, see replayedChain).
 */
export type ChainAt = PublicClient | ((blockNumber: bigint) => PublicClient)
export const clientAt = (chain: ChainAt, blockNumber: bigint): PublicClient => (typeof chain === 'function' ? chain(blockNumber) : chain)

/**
 * A vault's want per share at `blockNumber`, scaled by 1e18, from the chain: a Beefy vault's own
 * getPricePerFullShare; an ERC-4626 vault's totalAssets × 1e18 / totalSupply, the same definition.
 */
export async function pricePerFullShare(chain: ChainAt, vault: Address, blockNumber: bigint, kind = 'beefy'): Promise<bigint> {
  const client = clientAt(chain, blockNumber)
  if (kind === 'beefy') return client.readContract({ address: vault, abi: beefyVaultAbi, functionName: 'getPricePerFullShare', blockNumber })
  const [assets, supply] = await Promise.all([
    client.readContract({ address: vault, abi: erc4626Abi, functionName: 'totalAssets', blockNumber }),
    client.readContract({ address: vault, abi: erc4626Abi, functionName: 'totalSupply', blockNumber }),
  ])
  return supply === 0n ? 10n ** 18n : (assets * 10n ** 18n) / supply
}

/**
 * The test's own APY, a fraction a year: the growth of the vault's price per share (pricePerFullShare)
 * between the two blocks, read from the chain, compounded over a year by the span of their
 * timestamps (none of the service's code).
 */
export async function apyFromChain(chain: ChainAt, vault: Address, from: bigint, to: bigint, kind = 'beefy'): Promise<number> {
  const time = async (blockNumber: bigint) => Number((await clientAt(chain, blockNumber).getBlock({ blockNumber })).timestamp)
  const growth = Number(await pricePerFullShare(chain, vault, to, kind)) / Number(await pricePerFullShare(chain, vault, from, kind))
  return growth ** (YEAR / ((await time(to)) - (await time(from)))) - 1
}
