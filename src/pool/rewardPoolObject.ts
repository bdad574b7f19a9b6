import { noBlockTimeNote } from '../block-time/index.js'
import type { Address } from 'viem'
import type { RewardPoolState, StakingPoolState } from '../chain-snapshot/index.js'
import { NO_END_BLOCK } from '../protocols/index.js'
import {
  ceilingFlags,
  jumpFlags,
  perPoolInputs,
  priceFlags,
  rewardPoolTvl,
  stakingAprs,
  type CompletedApr,
  type PricedState,
  type StakingApr,
} from '../pricing/index.js'
import type { Registered, RewardPoolEntry } from '../registry/index.js'
import { perState } from '../answer-state/index.js'
import type { Flag, RewardPoolObject } from '../schema/index.js'

/** The `version` every RewardPool of the /v2/ list carries. */
export const POOL_LIST_VERSION = 2

const SECONDS_PER_DAY = 86_400

const NO_END_NOTE =
  'the pool has no end block (a MasterChef pays until its owner changes it): endBlock, latestUnstakeDelayBlock, farmingPeriod and endBlockDuration are 0'
const NO_INDEX_NOTE =
  'stakers are counted from the event index, which this answer was computed without (no snapshot from a refresher running the index yet): participants is null'
const ESTIMATE_NOTE =
  "the pool pays per second: rewardPerBlock is its rate times the chain's block time; startBlock and endBlock are the blocks estimated for the start and end (periodFinish) of its reward period"

/**
 * The stakers of a staking pool: the contract's own count where its family keeps one (the
 * reference pool), else the event index's at the priced block; null with a note saying why when
 * neither has it (the index has not reached the block): a count not made is not zero.
 */
function participantsOf(priced: PricedState, pool: Address, staking: StakingPoolState): { participants: string | null; participantsNote?: string } {
  if (staking.participants !== undefined) return { participants: String(staking.participants) }
  const counted = priced.index?.participants[pool]
  if (counted) return { participants: String(counted[String(staking.pid)] ?? 0) }
  return { participants: null, participantsNote: priced.index?.participantsNotes[pool] ?? NO_INDEX_NOTE }
}

/**
 * One RewardPool object from the pool's state at the priced block, its registry metadata and its
 * completedAPR (the APRs its staking pools last had before the end, keyed by pid; `{}` with a
 * note when they cannot be given). Durations are whole seconds from the chain's block time
 * (measured, or the override), 0 once the block is reached; `farmingPeriod` is days. Without a block time
 * (an unknown chain not measured yet) durations are 0 and `durationNote` says why. Fields a
 * pool's family lacks hold the documented values (docs/your-vaults.md, "Reward pool families"), with a note
 * where a value stands for "none" or is an estimate. Pure.
 */
export function rewardPoolObject(priced: PricedState, entry: Registered<RewardPoolEntry>, pool: RewardPoolState, completed: CompletedApr): RewardPoolObject {
  const now = priced.state.blockNumber
  const blockTimeSeconds = priced.blockTime?.seconds ?? 0
  const secondsUntil = (block: bigint) => (block > now ? Math.round(Number(block - now) * blockTimeSeconds) : 0)
  const aprs = stakingAprs(priced, pool)
  const firstReward = pool.rewardTokens[0]
  const endless = pool.endBlock === NO_END_BLOCK
  // "0" in the interface's fields that count from the end: there is none.
  const endBlock = endless ? 0n : pool.endBlock
  return {
    version: POOL_LIST_VERSION,
    address: entry.address,
    name: entry.name,
    decimals: (firstReward && priced.decimals(firstReward)) ?? 18,
    subtitle: entry.subtitle,
    keywords: entry.keywords,
    completedAPR: completed.aprs,
    ...(completed.note !== undefined && { completedAPRNote: completed.note }),
    description: entry.description,
    image: entry.image,
    links: entry.links,
    chaindata: {
      rewardPerBlock: pool.rewardPerBlock.map(String),
      startBlock: String(pool.startBlock),
      endBlock: String(endBlock),
      claimDelay: String(pool.claimDelay),
      unstakeDelayDuration: String(pool.unstakeDelayDuration),
      totalAllocationPoints: String(pool.totalAllocPoint),
      rewardVault: pool.rewardVault,
      rewardToken: pool.rewardTokens,
      farmingPeriod: endless ? '0' : String(Math.round((Number(pool.endBlock - pool.startBlock) * blockTimeSeconds * 100) / SECONDS_PER_DAY) / 100),
      totalReward: pool.totalReward.map(String),
      stakingPools: pool.stakingPools.map((staking, index) => ({
        stakingToken: staking.stakingToken,
        allocationPoints: String(staking.allocPoint),
        pid: staking.pid,
        swapPath: staking.swapPath,
        decimals: String(priced.decimals(staking.stakingToken) ?? ''),
        depositCap: String(staking.depositCap),
        capValidUntilBlock: String(staking.capValidUntilBlock),
        totalStaked: String(staking.totalStaked),
        ...participantsOf(priced, entry.address, staking),
        apr: aprs[index]!.apr,
        ...(aprs[index]!.note && { aprNote: aprs[index]!.note }),
      })),
    },
    compoundEnabled: pool.compoundEnabled,
    // The last stake can happen in the block before the end; it stays locked for the delay after it.
    latestUnstakeDelayBlock: endless ? '0' : String(pool.endBlock - 1n + pool.unstakeDelayDuration),
    fees: {
      feeManager: pool.feeManager,
      protocolFee: Number(pool.protocolFee),
      withdrawPenaltyFee: Number(pool.withdrawPenaltyFee),
      withdrawPenaltyBlock: Number(pool.withdrawPenaltyBlock),
    },
    minimumAllocationPoint: entry.minimumAllocationPoint,
    // A stake made in the next block can be unstaked from this block on.
    timeLock: String(now + 1n + pool.unstakeDelayDuration),
    startBlockDuration: secondsUntil(pool.startBlock),
    endBlockDuration: endless ? 0 : secondsUntil(pool.endBlock),
    timeLockDuration: entry.timeLockDuration,
    ...(!priced.blockTime && { durationNote: noBlockTimeNote(priced.state.chainId) }),
    kind: pool.kind,
    ...(endless && !pool.perSecond && { endBlockNote: NO_END_NOTE }),
    ...(pool.perSecond && { estimateNote: ESTIMATE_NOTE }),
    // Beyond the interface: the pool's TVL (P6's total), so a list shows it without a request per pool.
    ...tvlOf(priced, pool),
    ...flagsOf(poolFlags(priced, entry.address, pool, aprs)),
  }
}

/**
 * A pool's flagged figures: each staking pool's APR above the plausible ceiling (it is in percent,
 * the ceiling a fraction), on a flagged reward or staking token price, or jumped; its TVL on a
 * flagged staking token price, or jumped.
 */
function poolFlags(priced: PricedState, address: Address, pool: RewardPoolState, aprs: readonly StakingApr[]): Flag[] {
  const flags = pool.stakingPools.flatMap((staking, index) => {
    const field = `chaindata.stakingPools[${index}].apr`
    const apr = aprs[index]!
    return [
      ...ceilingFlags(priced, field, apr.apr / 100),
      ...jumpFlags(priced, address, field),
      ...[...pool.rewardTokens, staking.stakingToken].flatMap((token) => priceFlags(priced, token, field)),
    ]
  })
  const tvl = pool.stakingPools.flatMap((staking) => priceFlags(priced, staking.stakingToken, 'tvl'))
  return [...flags, ...tvl, ...jumpFlags(priced, address, 'tvl')]
}

function flagsOf(flags: Flag[]): { flags?: Flag[] } {
  return flags.length > 0 ? { flags } : {}
}

function tvlOf(priced: PricedState, pool: RewardPoolState): { tvl: number; tvlWarnings?: string[] } {
  const { total, warnings } = rewardPoolTvl(priced, pool)
  return { tvl: total, ...(warnings.length > 0 && { tvlWarnings: warnings }) }
}

/**
 * The RewardPool object of every registered pool of the priced state's chain that answered its
 * reads, without completedAPR (`{}`): what is watched for jumps and flags, where an ended pool's
 * last APR plays no part.
 */
export function rewardPoolObjects(priced: PricedState): RewardPoolObject[] {
  // Once per state: /status's data health reads them.
  return perState(priced, 'rewardPoolObjects', () =>
    [...priced.registry.rewardPools.values()].flatMap((entry) => {
      const state = priced.state.rewardPools.get(entry.address)
      return state ? [rewardPoolObject(priced, entry, state, { aprs: {} })] : []
    }),
  )
}

/**
 * The figures of a pool a snapshot watches for jumps (see figureKey), by field: its TVL and each
 * staking pool's APR that has no note, as its RewardPool object gives them, computed the same way
 * without the rest of the object, as the refresher's jump watch asks it of every pool at every block.
 */
export function rewardPoolFigures(priced: PricedState, pool: RewardPoolState): Readonly<Record<string, number>> {
  // The same record while the pool and its inputs hold: a block touches a few pools of the thousand asked.
  return figuresOnInputs(priced, pool, () => {
    const figures: Record<string, number> = { tvl: tvlOf(priced, pool).tvl }
    stakingAprs(priced, pool).forEach((apr, index) => {
      if (!apr.note) figures[`chaindata.stakingPools[${index}].apr`] = apr.apr
    })
    return figures
  })
}

const figuresOnInputs = perPoolInputs<Readonly<Record<string, number>>>()
