import { getAddress, type Address } from 'viem'
import { priceFeedAbi, rewardPoolAbi, uniswapV2PairAbi } from '../../contracts/artifacts/index.js'
import { contractCall, ReadBatch, type ChainClient, type FactCache } from '../chain/index.js'
import { balanceOfRead, vaultAdapterFor } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'
import { bridgeKey, type ChainState, type RewardPoolState, type StakingPoolState } from './ChainState.js'
import { staticFactsOf, type StaticFacts } from './readStaticFacts.js'

/**
 * Reads a chain's whole state for the aggregate endpoints (feeds, pair reserves, vault totals,
 * bridge balances, every reward pool and staking pool) in one Multicall3 pass pinned to one block
 * (`blockNumber`, default latest; `head` says a given block is the chain's head, not a past one).
 * Static facts (token metadata, staking tokens) come from `facts`, read once; a pool that gained
 * staking pools since makes them read again.
 */
export async function readChainState(chain: ChainClient, registry: ChainRegistry, facts: FactCache, blockNumber?: bigint, head = blockNumber === undefined): Promise<ChainState> {
  const state = await readOnce(chain, registry, await staticFactsOf(chain, registry, facts), blockNumber)
  // A past block may well have had fewer staking pools: only the head refreshes the facts.
  if (!state.stale || !head) return state.value
  return (await readOnce(chain, registry, await staticFactsOf(chain, registry, facts, true), state.value.blockNumber)).value
}

async function readOnce(
  chain: ChainClient,
  registry: ChainRegistry,
  statics: StaticFacts,
  blockNumber: bigint | undefined,
): Promise<{ value: ChainState; stale: boolean }> {
  const batch = new ReadBatch()
  const feeds = [...registry.priceFeeds.keys()].map((feed) => ({
    feed,
    round: batch.add(contractCall(feed, priceFeedAbi, 'latestRoundData')),
    decimals: batch.add(contractCall(feed, priceFeedAbi, 'decimals')),
  }))
  const pairs = [...registry.lpPairs.keys()].map((pair) => ({
    pair,
    reserves: batch.add(contractCall(pair, uniswapV2PairAbi, 'getReserves')),
    totalSupply: batch.add(contractCall(pair, uniswapV2PairAbi, 'totalSupply')),
  }))
  const vaults = [...registry.vaults.values()].map((vault) => ({ vault: vault.address, want: batch.add(vaultAdapterFor(vault.kind).totalWantRead(vault.address)) }))
  const bridges = registry.bridges.map((bridge) => ({ key: bridgeKey(bridge.address, bridge.token), balance: batch.add(balanceOfRead(bridge.token, bridge.address)) }))
  const pools = [...statics.pools.entries()].map(([address, poolFacts]) => ({ address, poolFacts, reads: poolReads(batch, address, poolFacts?.stakingTokens.length ?? 0) }))
  const clock = await batch.run(chain, blockNumber)

  let stale = false
  const rewardPools = new Map<Address, RewardPoolState | undefined>()
  for (const { address, poolFacts, reads } of pools) {
    const length = reads.poolLength.value()
    // A pool that gained staking pools, or whose facts could not be read before and now answers.
    if (length !== undefined && (!poolFacts || Number(length) !== poolFacts.stakingTokens.length)) stale = true
    rewardPools.set(address, poolFacts ? toPoolState(address, poolFacts, reads) : undefined)
  }
  return {
    stale,
    value: {
      chainId: chain.chainId,
      blockNumber: clock.blockNumber,
      timestamp: Number(clock.timestamp),
      tokens: statics.tokens,
      feeds: new Map(
        feeds.map(({ feed, round, decimals }) => {
          const [r, d] = [round.value(), decimals.value()]
          return [feed, r && d !== undefined ? { answer: r[1], updatedAt: r[3], decimals: d } : undefined]
        }),
      ),
      pairs: new Map(
        pairs.map(({ pair, reserves, totalSupply }) => {
          const [r, s] = [reserves.value(), totalSupply.value()]
          return [pair, r && s !== undefined ? { reserve0: r[0], reserve1: r[1], totalSupply: s } : undefined]
        }),
      ),
      vaultWant: new Map(vaults.map(({ vault, want }) => [vault, want.value()])),
      bridgeBalances: new Map(bridges.map(({ key, balance }) => [key, balance.value()])),
      rewardPools,
    },
  }
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
function toPoolState(address: Address, poolFacts: { rewardTokens: Address[]; stakingTokens: Address[] }, reads: ReturnType<typeof poolReads>): RewardPoolState | undefined {
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
    rewardTokens: poolFacts.rewardTokens,
    ...defined,
    rewardPerBlock: [...defined.rewardPerBlock],
    totalReward: [...defined.totalReward],
    rewardVault: getAddress(defined.rewardVault),
    feeManager: getAddress(defined.feeManager),
    stakingPools,
  }
}
