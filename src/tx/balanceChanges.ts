import type { Address } from 'viem'
import type { SimulatedCall } from '../chain/index.js'
import { checksummed, type BalanceChange } from '../schema/index.js'

/**
 * The balance changes `user` sees from a simulated sequence (its approvals and action): per token,
 * what came in minus what went out, from the transfers the simulation traced, in the order the
 * tokens first moved; tokens that came back to where they were are left out. Gas is not in it.
 */
export function balanceChangesOf(user: Address, calls: readonly SimulatedCall[]): BalanceChange[] {
  // Transfers carry lowercase addresses (see Transfer): compared so, and the tokens reported checksummed.
  const who = user.toLowerCase()
  const deltas = new Map<string, bigint>()
  for (const call of calls)
    for (const { token, from, to, amount } of call.transfers ?? []) {
      if (from === to) continue
      const sign = to === who ? 1n : from === who ? -1n : 0n
      if (sign !== 0n) deltas.set(token, (deltas.get(token) ?? 0n) + sign * amount)
    }
  return [...deltas]
    .filter(([, delta]) => delta !== 0n)
    .map(([token, delta]) => ({ token: token === 'native' ? token : checksummed(token), delta: delta.toString() }))
}
