import type { Address } from 'viem'
import { simulateCalls, smallestGasLimit, type ChainClient, type UnsignedCall } from '../chain/index.js'

/**
 * The gas a call that pays what accrues needs in the block it lands in, not only in the pending
 * block (no margin).
 *
 * Estimated in the same second as the last call that paid out (a harvest, a claim), such a call
 * finds nothing accrued in the pending block and takes its cheap path: a harvest only records the
 * time (about 51k gas on the devnet's strategy, 310k when it compounds); an unstake leaves the
 * user's unpaid rewards at zero (writing them later is a fresh storage slot, about 20k more). A
 * block a second later has something accrued, and the call sent with the first limit runs out of
 * gas there. On a chain whose blocks share a second (BNB Smart Chain's 0.45 s), that is any such
 * call built right after another one.
 *
 * So beside `estimate` (started in the same tick, one batch), the call is also simulated a block
 * after the next one, when time has passed. When that run uses more gas than the estimate gave,
 * the smallest limit it succeeds with there is found: one more round trip, in that case only. A
 * node that cannot simulate leaves the estimate as it is.
 */
export function landingGas(chain: ChainClient, from: Address, call: UnsignedCall, estimate: Promise<bigint>): Promise<bigint> {
  const later = simulateCalls(chain, from, [[call]], { afterHead: true }).then(([block]) => block![0]!)
  // Awaited below, or dropped when the estimate already refuses.
  later.catch(() => undefined)
  return estimate.then(async (gas) => {
    const landed = await later.catch(() => undefined)
    if (!landed?.ok || landed.gasUsed <= gas) return gas
    const limit = await smallestGasLimit(chain, from, [], call, landed.gasUsed).catch(() => gas)
    return limit > gas ? limit : gas
  })
}
