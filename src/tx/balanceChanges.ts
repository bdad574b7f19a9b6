import type { Address } from 'viem'
import type { SimulatedCall } from '../chain/index.js'
import type { BalanceChange } from '../schema/index.js'

/**
 * The balance changes `user` sees from a simulated sequence (its approvals and action): per token,
 * what came in minus what went out, from the transfers the simulation traced, in the order the
 * tokens first moved; tokens that came back to where they were are left out. Gas is not in it.
 */
export function balanceChangesOf(user: Address, calls: readonly SimulatedCall[]): BalanceChange[] {
  const deltas = new Map<Address | 'native', bigint>()
  for (const call of calls)
    for (const { token, from, to, amount } of call.transfers ?? []) {
      if (from === to) continue
      const sign = to === user ? 1n : from === user ? -1n : 0n
      if (sign !== 0n) deltas.set(token, (deltas.get(token) ?? 0n) + sign * amount)
    }
  return [...deltas].filter(([, delta]) => delta !== 0n).map(([token, delta]) => ({ token, delta: delta.toString() }))
}
