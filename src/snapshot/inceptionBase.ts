import { type Address, zeroAddress } from 'viem'
import type { ApyBase } from '../chain-snapshot/index.js'
import { pricePerShare } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { IndexStore, TimedEvent } from '../store/index.js'

type Point = ApyBase['vaults'][Address]

/**
 * Each vault's price per share right after its first deposit, from the event index: the want that
 * deposit put in over the shares it minted, the whole supply then. An ERC-4626 vault's first
 * `Deposit` (assets over shares); a Beefy vault's first mint and the want that entered it in that
 * transaction. A vault with no indexed deposit through `atBlock` is left out.
 */
export async function inceptionPoints(index: IndexStore, registry: ChainRegistry, vaults: readonly Address[], atBlock: bigint): Promise<Map<Address, Point>> {
  const chainId = registry.chainId
  const firsts = await index.firstEventTimes(chainId, vaults, atBlock)
  const points = new Map<Address, Point>()
  await Promise.all(
    [...firsts].map(async ([vault, time]) => {
      // The first events of the vault: its first block's, and any others of that second.
      const events = await index.eventsAt(chainId, { contracts: [vault], actions: ['deposit', 'transfer'], fromTime: time, toTime: time, limit: 1_000 })
      const point = firstDeposit([...events].reverse(), registry.vaults.get(vault)!)
      if (point) points.set(vault, point)
    }),
  )
  return points
}

function firstDeposit(oldestFirst: readonly TimedEvent[], vault: { address: Address; kind: string; want: Address }): Point | undefined {
  const at = (event: TimedEvent, want: bigint, shares: bigint): Point => ({
    blockNumber: event.blockNumber,
    timestamp: event.timestamp,
    pricePerShare: pricePerShare(want, shares),
    source: 'index',
  })
  if (vault.kind === 'erc4626') {
    const deposit = oldestFirst.find((event) => event.action === 'deposit' && event.detail?.shares !== undefined && BigInt(event.detail.shares) > 0n)
    return deposit && at(deposit, deposit.amount, BigInt(deposit.detail!.shares!))
  }
  const mint = oldestFirst.find((event) => event.action === 'transfer' && event.token === undefined && event.account === zeroAddress && event.amount > 0n)
  if (!mint) return undefined
  const sameTx = oldestFirst.filter((event) => event.txHash === mint.txHash)
  const minted = sameTx.filter((event) => event.token === undefined && event.account === zeroAddress).reduce((sum, event) => sum + event.amount, 0n)
  const wantIn = sameTx
    .filter((event) => event.action === 'transfer' && event.token === vault.want && event.counterparty === vault.address)
    .reduce((sum, event) => sum + event.amount, 0n)
  return wantIn > 0n ? at(mint, wantIn, minted) : undefined
}

/** Why a vault has no inception point: no event index kept, the lookup under way or waiting on the index's build, or no deposit indexed yet. */
export function inceptionNote(indexKept: boolean, looked: 'building' | 'looked' | undefined): string {
  if (!indexKept) return "inception: the vault's first deposit is found by the event index, which this service does not keep"
  if (looked === undefined) return "inception: the vault's first deposit is being looked for in the event index"
  if (looked === 'building') return "inception: the event index is still being built: the vault's first deposit is looked for once it is"
  return 'inception: the event index holds no deposit of the vault yet'
}
