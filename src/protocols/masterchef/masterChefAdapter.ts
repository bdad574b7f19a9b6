import { getAddress, zeroAddress, type Address } from 'viem'
import { masterChefAbi } from '../../../contracts/artifacts/index.js'
import { contractCall, type ReadBatch, type ReadHandle, encodeCall } from '../../chain/index.js'
import { balanceOfRead } from '../erc20/index.js'
import { eventDecoder } from '../events/index.js'
import { NO_END_BLOCK, type PoolLists, type RewardPoolAdapter, type RewardPoolState } from '../reward-pool/RewardPoolAdapter.js'
import { stakingTokensOf } from '../reward-pool/referencePoolAdapter.js'
import { renamedRead } from '../reward-pool/renamedRead.js'

/** The names a MasterChef fork gives its reward functions (SushiSwap's by default). */
export interface MasterChefFunctions {
  /** `pendingSushi(pid, user)`: pending reward, wei. */
  pendingFunction: string
  /** `sushi()`: the reward token. */
  rewardTokenFunction: string
  /** `sushiPerBlock()`: reward wei per block over all pids. */
  rewardPerBlockFunction: string
}

/**
 * A chef's stakes and unstakes. It pays rewards without an event of its own (`deposit(pid, 0)` is
 * a claim): they show only as the reward token's transfers.
 */
const masterChefEvents = eventDecoder(masterChefAbi, {
  Deposit: (args) => ({ action: 'stake', account: args.user as Address, pid: Number(args.pid), amount: args.amount as bigint }),
  Withdraw: (args) => ({ action: 'unstake', account: args.user as Address, pid: Number(args.pid), amount: args.amount as bigint }),
  EmergencyWithdraw: (args) => ({ action: 'unstake', account: args.user as Address, pid: Number(args.pid), amount: args.amount as bigint }),
})

export const SUSHISWAP_FUNCTIONS: MasterChefFunctions = {
  pendingFunction: 'pendingSushi',
  rewardTokenFunction: 'sushi',
  rewardPerBlockFunction: 'sushiPerBlock',
}

/** The function names of the MasterChef forks `registry discover` recognises: SushiSwap's and PancakeSwap's. */
export const KNOWN_MASTERCHEF_FUNCTIONS: readonly MasterChefFunctions[] = [
  SUSHISWAP_FUNCTIONS,
  { pendingFunction: 'pendingCake', rewardTokenFunction: 'cake', rewardPerBlockFunction: 'cakePerBlock' },
]

/**
 * SushiSwap MasterChef v1 and forks: `deposit(pid, amount)`, `withdraw(pid, amount)`, a claim is
 * `deposit(pid, 0)` (it pays what is pending). One reward token minted per block and shared by
 * allocation points; no end, no delays, caps or fees. A pid's total staked is the staking token's
 * balance held by the chef (v1 keeps no total), so a chef whose staking token is also its reward
 * token, or two pids of one token, would count that balance more than once. v1's bonus multiplier
 * is not applied to the reward per block (forks differ in it; the devnet's has no bonus period).
 */
export function masterChefAdapter(names: MasterChefFunctions = SUSHISWAP_FUNCTIONS): RewardPoolAdapter {
  return {
    kind: 'masterchef',
    // SushiSwap's `set` (a pool's allocPoint) and its forks' `updateMultiplier` log nothing.
    changesWithoutEvents: true,
    events: masterChefEvents,
    listReads(batch, pool) {
      const length = batch.add(contractCall(pool, masterChefAbi, 'poolLength'))
      const reward = batch.add(renamedRead<Address>(pool, names.rewardTokenFunction, [], 'address'))
      // No guessed poolInfo reads here: v1 (solc 0.6) answers a pid past the end with `invalid`, which burns the whole batch's gas.
      return () => {
        const [count, token] = [length.value(), reward.value()]
        return count !== undefined && token ? { length: Number(count), rewardTokens: [getAddress(token)] } : undefined
      }
    },
    stakingTokenReads(batch, pool, length) {
      const infos = poolInfoReads(batch, pool, length)
      return () => stakingTokensOf(infos.map((info) => info.value()?.[0]))
    },
    stateReads(batch, pool, lists) {
      const poolLength = batch.add(contractCall(pool, masterChefAbi, 'poolLength'))
      const scalars = {
        rewardPerBlock: batch.add(renamedRead<bigint>(pool, names.rewardPerBlockFunction, [], 'uint256')),
        totalAllocPoint: batch.add(contractCall(pool, masterChefAbi, 'totalAllocPoint')),
        startBlock: batch.add(contractCall(pool, masterChefAbi, 'startBlock')),
      }
      const infos = poolInfoReads(batch, pool, lists.length)
      const stakingTokens = () => stakingTokensOf(infos.map((info) => info.value()?.[0]))
      const known = lists.stakingTokens
      const balances = known && balanceReads(batch, pool, known)
      return {
        changed: () => {
          const length = poolLength.value()
          return length !== undefined && Number(length) !== lists.length
        },
        stakingTokens,
        state: () => (balances ? toPoolState(pool, lists, scalars, infos, balances) : undefined),
        ...(!balances && {
          followUp: (next: ReadBatch) => {
            const tokens = stakingTokens()
            const later = tokens && balanceReads(next, pool, tokens)
            return () => (later ? toPoolState(pool, lists, scalars, infos, later) : undefined)
          },
        }),
      }
    },
    encodeAction(action, pid, amount) {
      if (action === 'unstake') return encodeCall(masterChefAbi, 'withdraw', [pid, amount])
      // A deposit of 0 pays the pending reward and changes nothing else: MasterChef's claim.
      return encodeCall(masterChefAbi, 'deposit', [pid, action === 'claim' ? 0n : amount])
    },
    positionReads(pool, pid, user) {
      return [
        contractCall(pool, masterChefAbi, 'userInfo', [pid, user]),
        renamedRead<bigint>(pool, names.pendingFunction, ['uint256', 'address'], 'uint256', [pid, user]),
      ]
    },
    toPosition(values) {
      const [[amount], pending] = values as [readonly [bigint, bigint], bigint]
      return { staked: amount, pendingRewards: [pending] }
    },
  }
}

function poolInfoReads(batch: ReadBatch, pool: Address, length: number) {
  return Array.from({ length }, (_, pid) => batch.add(contractCall(pool, masterChefAbi, 'poolInfo', [BigInt(pid)])))
}

function balanceReads(batch: ReadBatch, pool: Address, stakingTokens: readonly Address[]) {
  return stakingTokens.map((token) => batch.add(balanceOfRead(token, pool)))
}

type Scalars = { rewardPerBlock: ReadHandle<bigint>; totalAllocPoint: ReadHandle<bigint>; startBlock: ReadHandle<bigint> }
type Info = ReadHandle<readonly [Address, bigint, bigint, bigint]>

/** The chef's state in the reference contract's terms (docs/your-vaults.md, "Reward pool families"); undefined when a read failed. */
function toPoolState(address: Address, lists: PoolLists, scalars: Scalars, infos: Info[], balances: ReadHandle<bigint>[]): RewardPoolState | undefined {
  const [rewardPerBlock, totalAllocPoint, startBlock] = [scalars.rewardPerBlock.value(), scalars.totalAllocPoint.value(), scalars.startBlock.value()]
  if (rewardPerBlock === undefined || totalAllocPoint === undefined || startBlock === undefined) return undefined
  const stakingPools = []
  for (const [pid, info] of infos.entries()) {
    const [i, balance] = [info.value(), balances[pid]?.value()]
    if (!i || balance === undefined) return undefined
    stakingPools.push({
      pid,
      stakingToken: getAddress(i[0]),
      allocPoint: i[1],
      depositCap: 0n,
      capValidUntilBlock: 0n,
      totalStaked: balance,
      participants: undefined,
      swapPath: [],
    })
  }
  return {
    address,
    kind: 'masterchef',
    rewardTokens: lists.rewardTokens,
    rewardPerBlock: [rewardPerBlock],
    totalReward: [0n],
    startBlock,
    endBlock: NO_END_BLOCK,
    claimDelay: 0n,
    unstakeDelayDuration: 0n,
    totalAllocPoint,
    // The chef mints its reward as it pays: no vault holds it.
    rewardVault: address,
    feeManager: zeroAddress,
    protocolFee: 0n,
    withdrawPenaltyFee: 0n,
    withdrawPenaltyBlock: 0n,
    compoundEnabled: false,
    stakingPools,
  }
}
