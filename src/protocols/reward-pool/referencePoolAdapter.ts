import { getAddress, type Address } from 'viem'
import { rewardPoolAbi } from '../../../contracts/artifacts/index.js'
import { contractCall, type ReadBatch, encodeCall } from '../../chain/index.js'
import { eventDecoder, figures } from '../events/index.js'
import type { PoolLists, RewardPoolAdapter, RewardPoolState, StakingPoolState } from './RewardPoolAdapter.js'

/** Our reference reward pool (contracts/src/RewardPool.sol): every E2 field is one of its reads. */
export const referencePoolAdapter: RewardPoolAdapter = {
  kind: 'reference',
  changesWithoutEvents: false,
  events: eventDecoder(rewardPoolAbi, {
    Staked: (args) => ({ action: 'stake', account: args.user as Address, pid: Number(args.pid), amount: args.amount as bigint }),
    // `amount` leaves the stake; the penalty is taken from what the user receives.
    Unstaked: (args) => ({
      action: 'unstake',
      account: args.user as Address,
      pid: Number(args.pid),
      amount: args.amount as bigint,
      detail: figures(args, 'penalty'),
    }),
    Claimed: (args) => ({
      action: 'claim',
      account: args.user as Address,
      pid: Number(args.pid),
      token: args.token as Address,
      amount: args.amount as bigint,
      detail: figures(args, 'fee'),
    }),
  }),
  listReads(batch, pool) {
    const length = batch.add(contractCall(pool, rewardPoolAbi, 'poolLength'))
    const rewardTokens = batch.add(contractCall(pool, rewardPoolAbi, 'rewardTokens'))
    return () => {
      const [count, tokens] = [length.value(), rewardTokens.value()]
      return count !== undefined && tokens ? { length: Number(count), rewardTokens: tokens.map((token) => getAddress(token)) } : undefined
    }
  },
  stakingTokenReads(batch, pool, length) {
    const infos = Array.from({ length }, (_, pid) => batch.add(contractCall(pool, rewardPoolAbi, 'poolInfo', [BigInt(pid)])))
    return () => stakingTokensOf(infos.map((info) => info.value()?.[0]))
  },
  stateReads(batch, pool, lists) {
    const reads = poolReads(batch, pool, lists.length)
    return {
      changed: () => {
        const length = reads.poolLength.value()
        return length !== undefined && Number(length) !== lists.length
      },
      stakingTokens: () => stakingTokensOf(reads.infos.map(({ info }) => info.value()?.[0])),
      state: () => toPoolState(pool, lists, reads),
    }
  },
  encodeAction(action, pid, amount) {
    return action === 'claim' ? encodeCall(rewardPoolAbi, 'claim', [pid]) : encodeCall(rewardPoolAbi, action, [pid, amount])
  },
  positionReads(pool, pid, user) {
    return [contractCall(pool, rewardPoolAbi, 'userInfo', [pid, user]), contractCall(pool, rewardPoolAbi, 'pendingRewards', [pid, user])]
  },
  toPosition(values) {
    const [info, pending] = values as [readonly [bigint, ...unknown[]], readonly bigint[]]
    return { staked: info[0], pendingRewards: [...pending] }
  },
}

/** Checksummed staking tokens in pid order; undefined when any is missing (its read failed). */
export function stakingTokensOf(tokens: readonly (Address | undefined)[]): Address[] | undefined {
  return tokens.every((token) => token !== undefined) ? tokens.map((token) => getAddress(token!)) : undefined
}

function poolReads(batch: ReadBatch, pool: Address, pids: number) {
  return {
    poolLength: batch.add(contractCall(pool, rewardPoolAbi, 'poolLength')),
    rewardPerBlock: batch.add(contractCall(pool, rewardPoolAbi, 'rewardPerBlock')),
    totalReward: batch.add(contractCall(pool, rewardPoolAbi, 'totalReward')),
    startBlock: batch.add(contractCall(pool, rewardPoolAbi, 'startBlock')),
    endBlock: batch.add(contractCall(pool, rewardPoolAbi, 'endBlock')),
    claimDelay: batch.add(contractCall(pool, rewardPoolAbi, 'claimDelay')),
    unstakeDelayDuration: batch.add(contractCall(pool, rewardPoolAbi, 'unstakeDelayDuration')),
    totalAllocPoint: batch.add(contractCall(pool, rewardPoolAbi, 'totalAllocPoint')),
    rewardVault: batch.add(contractCall(pool, rewardPoolAbi, 'rewardVault')),
    feeManager: batch.add(contractCall(pool, rewardPoolAbi, 'feeManager')),
    protocolFee: batch.add(contractCall(pool, rewardPoolAbi, 'protocolFee')),
    withdrawPenaltyFee: batch.add(contractCall(pool, rewardPoolAbi, 'withdrawPenaltyFee')),
    withdrawPenaltyBlock: batch.add(contractCall(pool, rewardPoolAbi, 'withdrawPenaltyBlock')),
    compoundEnabled: batch.add(contractCall(pool, rewardPoolAbi, 'compoundEnabled')),
    infos: Array.from({ length: pids }, (_, pid) => ({
      info: batch.add(contractCall(pool, rewardPoolAbi, 'poolInfo', [BigInt(pid)])),
      swapPath: batch.add(contractCall(pool, rewardPoolAbi, 'swapPath', [BigInt(pid)])),
    })),
  }
}

/** The pool's state, or undefined when any of its reads failed (never a pool of zeros). */
function toPoolState(address: Address, lists: PoolLists, reads: ReturnType<typeof poolReads>): RewardPoolState | undefined {
  const scalars = {
    rewardPerBlock: reads.rewardPerBlock.value(),
    totalReward: reads.totalReward.value(),
    startBlock: reads.startBlock.value(),
    endBlock: reads.endBlock.value(),
    claimDelay: reads.claimDelay.value(),
    unstakeDelayDuration: reads.unstakeDelayDuration.value(),
    totalAllocPoint: reads.totalAllocPoint.value(),
    rewardVault: reads.rewardVault.value(),
    feeManager: reads.feeManager.value(),
    protocolFee: reads.protocolFee.value(),
    withdrawPenaltyFee: reads.withdrawPenaltyFee.value(),
    withdrawPenaltyBlock: reads.withdrawPenaltyBlock.value(),
    compoundEnabled: reads.compoundEnabled.value(),
  }
  if (Object.values(scalars).some((value) => value === undefined)) return undefined
  const stakingPools: StakingPoolState[] = []
  for (const [pid, { info, swapPath }] of reads.infos.entries()) {
    const [i, path] = [info.value(), swapPath.value()]
    if (!i || !path) return undefined
    stakingPools.push({
      pid,
      stakingToken: getAddress(i[0]),
      allocPoint: i[1],
      depositCap: i[2],
      capValidUntilBlock: i[3],
      totalStaked: i[4],
      participants: i[5],
      swapPath: path.map((token) => getAddress(token)),
    })
  }
  const defined = scalars as { [key in keyof typeof scalars]: NonNullable<(typeof scalars)[key]> }
  return {
    address,
    kind: 'reference',
    rewardTokens: lists.rewardTokens,
    ...defined,
    rewardPerBlock: [...defined.rewardPerBlock],
    totalReward: [...defined.totalReward],
    rewardVault: getAddress(defined.rewardVault),
    feeManager: getAddress(defined.feeManager),
    stakingPools,
  }
}
