import type { Address } from 'viem'
import { ReadBatch, type ReadHandle } from '../chain/index.js'
import type { ChainContext } from '../answer-state/index.js'
import { usdValueOf, type PricedState } from '../pricing/index.js'
import { rewardPoolAdapterFor, vaultAdapterFor } from '../protocols/index.js'
import { actionError } from '../tx/index.js'

/** What a user holds in one vault or staking pool now. Amounts in the token's lowest denomination. */
export interface UserPosition {
  chainId: number
  kind: 'vault' | 'pool'
  address: Address
  /** The staking pool of a reward pool. */
  pid?: number
  /** The vault's shares the user holds (vaults). */
  shares?: bigint
  /** The token `amount` is of: the vault's want, the pool's staking token. */
  token: Address
  /** Underlying (want) for a vault, exact (`convertToAssets` for ERC-4626); staked for a pool. */
  amount: bigint
  /** USD value of `amount` at the latest snapshot's prices; null with `usdNote` when it has none. */
  usd: number | null
  usdNote?: string
  /** Each reward token's pending amount (pools). */
  pendingRewards?: { token: Address; amount: bigint }[]
  /** Vaults: want the user put in less what they took out, from the event index; null with `depositedNote` when it cannot say. */
  deposited?: bigint | null
  /** Vaults: `amount` − `deposited`, want wei; null with `deposited`. */
  earned?: bigint | null
  depositedNote?: string
}

/** A user's positions on one chain, read at one block. */
export interface ChainPositions {
  chainId: number
  blockNumber: bigint
  positions: UserPosition[]
  /** Contracts that did not answer (their positions are missing, not zero). */
  warnings: string[]
}

/**
 * Every vault and staking pool position of `user` on the chain of `priced` (its latest priced state: prices and pools), now (or at block `at`): one
 * Multicall3 pass pinned to the chain's latest block (or `at`) with the reads of every registered vault and every staking pool of
 * every registered reward pool (its family's reads: shares and their worth, stake and pending
 * rewards), then, only for ERC-4626 vaults the user holds shares of, their exact
 * `convertToAssets` at that block. Contracts where the user holds nothing are left out; a
 * contract that does not answer is named in `warnings`, never counted as nothing.
 */
export async function chainPositions(ctx: ChainContext, priced: PricedState, user: Address, at?: bigint): Promise<ChainPositions> {
  const { chain, registry, chainId } = ctx
  const batch = new ReadBatch()
  const vaults = [...registry.vaults.values()].map((vault) => {
    const adapter = vaultAdapterFor(vault.kind)
    return { vault, adapter, reads: adapter.positionReads(vault.address, user).map((read) => batch.add(read)) }
  })
  const warnings: string[] = []
  const pools = [...registry.rewardPools.values()].flatMap((entry) => {
    const state = priced.state.rewardPools.get(entry.address)
    if (!state) {
      warnings.push(`reward pool ${entry.address} did not answer its state at block ${priced.state.blockNumber}: its positions are not read`)
      return []
    }
    const adapter = rewardPoolAdapterFor(entry)
    return state.stakingPools.map((staking) => ({
      address: entry.address,
      staking,
      rewardTokens: state.rewardTokens,
      adapter,
      reads: adapter.positionReads(entry.address, BigInt(staking.pid), user, state.rewardTokens).map((read) => batch.add(read)),
    }))
  })
  let blockNumber: bigint
  try {
    ;({ blockNumber } = await batch.run(chain, at))
  } catch (error) {
    throw actionError(error, chain, 'read')
  }

  const positions: UserPosition[] = []
  const exact = new ReadBatch()
  const pending: { position: UserPosition; read: ReadHandle<bigint> }[] = []
  for (const { vault, adapter, reads } of vaults) {
    const values = valuesOf(reads)
    if (!values) {
      warnings.push(`vault ${vault.address} did not answer the position reads at block ${blockNumber}`)
      continue
    }
    const { shares, underlying } = adapter.toPosition(values)
    if (shares === 0n) continue
    const position: UserPosition = { chainId, kind: 'vault', address: vault.address, shares, token: vault.want, amount: underlying, usd: null }
    const read = adapter.underlyingRead?.(vault.address, shares)
    if (read) pending.push({ position, read: exact.add(read) })
    positions.push(position)
  }
  if (pending.length > 0) {
    try {
      await exact.run(chain, blockNumber)
    } catch (error) {
      throw actionError(error, chain, 'read')
    }
    for (const { position, read } of pending) position.amount = read.value() ?? position.amount
  }
  for (const { address, staking, rewardTokens, adapter, reads } of pools) {
    const values = valuesOf(reads)
    if (!values) {
      warnings.push(`reward pool ${address} pid ${staking.pid} did not answer the position reads at block ${blockNumber}`)
      continue
    }
    const { staked, pendingRewards } = adapter.toPosition(values)
    if (staked === 0n && pendingRewards.every((amount) => amount === 0n)) continue
    positions.push({
      chainId,
      kind: 'pool',
      address,
      pid: staking.pid,
      token: staking.stakingToken,
      amount: staked,
      usd: null,
      pendingRewards: rewardTokens.map((token, index) => ({ token, amount: pendingRewards[index] ?? 0n })),
    })
  }
  for (const position of positions) valueIn(priced, position)
  return { chainId, blockNumber, positions, warnings }
}

/** Every value of `reads`, or undefined when any read failed. */
function valuesOf(reads: readonly ReadHandle<unknown>[]): unknown[] | undefined {
  const values = reads.map((read) => read.value())
  return values.some((value) => value === undefined) ? undefined : values
}

function valueIn(priced: PricedState, position: UserPosition): void {
  const valued = usdValueOf(priced, position.token, position.amount)
  if (valued.ok) position.usd = valued.usd
  else position.usdNote = valued.warning
}
