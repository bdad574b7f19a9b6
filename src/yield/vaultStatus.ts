import type { ChainState } from '../chain-snapshot/index.js'
import type { ChainContext } from '../answer-state/index.js'
import { vaultPaused, vaultRetired } from '../errors/index.js'
import type { RegisteredVault } from '../registry/index.js'

export type VaultStatus = 'active' | 'paused' | 'retired'

/**
 * Whether a vault takes deposits, and why not: `retired` when the registry says so (as Beefy
 * retires vaults), `paused` when its strategy's `paused()` is true or an ERC-4626 vault's
 * `maxDeposit` is 0 at the state's block, else `active`. A strategy without `paused()` counts as
 * not paused; without a state, only the registry is asked. `why` says what made it so, for a
 * note or an error.
 */
export function vaultStatus(
  vault: RegisteredVault,
  state: Pick<ChainState, 'strategies' | 'vaultDepositLimit' | 'blockNumber'> | undefined,
): { status: VaultStatus; why?: string } {
  if (vault.retired) return { status: 'retired', why: `vault ${vault.address} is retired (the registry says so): it takes no new deposits` }
  if (!state) return { status: 'active' }
  if (vault.strategy && state.strategies?.get(vault.strategy)?.paused === true)
    return {
      status: 'paused',
      why: `strategy ${vault.strategy} of vault ${vault.address} is paused at block ${state.blockNumber}: it takes no deposits and no harvests`,
    }
  if (state.vaultDepositLimit?.get(vault.address) === 0n)
    return { status: 'paused', why: `vault ${vault.address} takes no deposits at block ${state.blockNumber} (maxDeposit is 0)` }
  return { status: 'active' }
}

/**
 * Refuses a deposit or zap in to a vault that takes none (422 VAULT_RETIRED or VAULT_PAUSED),
 * before anything is simulated: from the registry and the chain's latest snapshot (kept each block
 * by the refresher). Without a snapshot only the registry is asked; a pause since then is caught by
 * the simulation, whose revert is explained.
 */
export function refuseClosedVault(ctx: ChainContext, vault: RegisteredVault): void {
  const { status, why } = vaultStatus(vault, ctx.snapshots?.latest(ctx.chainId)?.state)
  if (status === 'retired') throw vaultRetired(`${why}; withdrawals still work`, { meta: { status } })
  if (status === 'paused') throw vaultPaused(`${why}; withdrawals still work`, { meta: { status } })
}

/**
 * Why a vault earns nothing, when it is idle: no registered strategy, and everything it holds sits
 * in its own contract (its want's `balanceOf(vault)` is its whole total), so nothing is invested
 * and its APYs are 0 by that fact, not for want of data. Undefined otherwise, or when unread.
 */
export function idleReason(vault: RegisteredVault, state: Pick<ChainState, 'vaultWant' | 'vaultHeld' | 'blockNumber'>): string | undefined {
  if (vault.strategy) return undefined
  const [total, held] = [state.vaultWant.get(vault.address), state.vaultHeld?.get(vault.address)]
  if (total === undefined || held === undefined || total === 0n || held < total) return undefined
  return `idle: vault ${vault.address} has no strategy and holds all of its ${total} want wei in its own contract at block ${state.blockNumber}: nothing is invested, so it earns nothing`
}
