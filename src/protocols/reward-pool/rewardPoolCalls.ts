import { encodeFunctionData, type Address } from 'viem'
import { contractCall } from '../../chain/index.js'
import { rewardPoolAbi } from '../../../contracts/artifacts/index.js'

/** Call data of a user action on staking pool `pid`: stake/unstake `amount` (wei) or claim. */
export function encodePoolAction(action: 'stake' | 'unstake' | 'claim', pid: bigint, amount = 0n): `0x${string}` {
  return action === 'claim'
    ? encodeFunctionData({ abi: rewardPoolAbi, functionName: 'claim', args: [pid] })
    : encodeFunctionData({ abi: rewardPoolAbi, functionName: action, args: [pid, amount] })
}

/** The reads of a user's position in staking pool `pid`: `userInfo` and `pendingRewards`. */
export function userPositionReads(pool: Address, pid: bigint, user: Address) {
  return [contractCall(pool, rewardPoolAbi, 'userInfo', [pid, user]), contractCall(pool, rewardPoolAbi, 'pendingRewards', [pid, user])] as const
}
