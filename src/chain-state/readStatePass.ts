import type { Address } from 'viem'
import { priceFeedAbi } from '../../contracts/artifacts/index.js'
import { contractCall, ReadBatch, type ChainClient } from '../chain/index.js'
import {
  balanceOfRead,
  callRewardRead,
  farmStateReads,
  lastHarvestRead,
  pausedRead,
  pairReservesRead,
  rewardPoolAdapterFor,
  totalSupplyRead,
  vaultAdapterFor,
  type PoolLists,
} from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'
import { bridgeKey, type ChainState, type RewardPoolState } from '../chain-snapshot/index.js'

/** One pass over a chain's state: the state without token metadata, and what the pass says of the static facts. */
export interface StatePass {
  value: Omit<ChainState, 'tokens'>
  /** A pool has more (or fewer) staking pools than `lists` said, or answers now where it did not. */
  stale: boolean
  /** Each pool's staking tokens from its poolInfo reads; undefined when any failed. */
  stakingTokens: Map<Address, Address[] | undefined>
  /**
   * Pools whose state needs one more wave (a MasterChef read before its staking tokens were
   * known): each adds its reads to the next batch and gives its state once that ran. Until then
   * they are missing from `value.rewardPools`; see finishPools.
   */
  followUps: Map<Address, (batch: ReadBatch) => () => RewardPoolState | undefined>
}

/** What a state pass needs of the static facts: each pool's lists, each strategy's farm. */
export interface KnownFacts {
  lists: Map<Address, PoolLists | undefined>
  farms: ReadonlyMap<Address, Address | undefined>
}

/**
 * Every read of the state (feeds, pairs, vault totals, strategies and their farms, bridge
 * balances, and the reward pools of `known.lists` with as many staking pools as it says) added to
 * `batch`, which may carry other reads, and run as one Multicall3 pass at `blockNumber` (default latest).
 */
export async function readStatePass(
  chain: ChainClient,
  registry: ChainRegistry,
  known: KnownFacts,
  blockNumber: bigint | undefined,
  batch = new ReadBatch(),
): Promise<StatePass> {
  const { lists, farms } = known
  const feeds = [...registry.priceFeeds.keys()].map((feed) => ({
    feed,
    round: batch.add(contractCall(feed, priceFeedAbi, 'latestRoundData')),
    decimals: batch.add(contractCall(feed, priceFeedAbi, 'decimals')),
  }))
  const pairs = [...registry.lpPairs.keys()].map((pair) => ({
    pair,
    reserves: batch.add(pairReservesRead(pair)),
    totalSupply: batch.add(totalSupplyRead(pair)),
  }))
  const vaults = [...registry.vaults.values()].map((vault) => {
    const adapter = vaultAdapterFor(vault.kind)
    return {
      vault: vault.address,
      want: batch.add(adapter.totalWantRead(vault.address)),
      supply: batch.add(totalSupplyRead(vault.address)),
      depositLimit: adapter.depositLimitRead && batch.add(adapter.depositLimitRead(vault.address)),
      // Without a strategy, what the vault holds itself says whether anything is invested.
      held: vault.strategy ? undefined : batch.add(balanceOfRead(vault.want, vault.address)),
    }
  })
  const strategies = [...registry.strategies.keys()].map((strategy) => {
    const farm = farms.get(strategy)
    return {
      strategy,
      callReward: batch.add(callRewardRead(strategy)),
      lastHarvest: batch.add(lastHarvestRead(strategy)),
      paused: batch.add(pausedRead(strategy)),
      farm: farm && farmStateReads(batch, farm),
    }
  })
  const bridges = registry.bridges.map((bridge) => ({
    key: bridgeKey(bridge.address, bridge.token),
    balance: batch.add(balanceOfRead(bridge.token, bridge.address)),
  }))
  // Each family adds its own reads; a pool whose lists are unknown is only asked for them again.
  const pools = [...lists.entries()].map(([address, poolLists]) => {
    const adapter = rewardPoolAdapterFor(registry.rewardPools.get(address) ?? {})
    return {
      address,
      reads: poolLists ? adapter.stateReads(batch, address, poolLists) : undefined,
      relisted: poolLists ? undefined : adapter.listReads(batch, address),
    }
  })
  const clock = await batch.run(chain, blockNumber)

  let stale = false
  const rewardPools = new Map<Address, RewardPoolState | undefined>()
  const stakingTokens = new Map<Address, Address[] | undefined>()
  const followUps: StatePass['followUps'] = new Map()
  for (const { address, reads, relisted } of pools) {
    // A pool that gained staking pools (or reward tokens), or whose facts could not be read before and now answers.
    if (reads?.changed() || relisted?.()) stale = true
    rewardPools.set(address, reads?.state())
    stakingTokens.set(address, reads?.stakingTokens())
    if (reads?.followUp) followUps.set(address, reads.followUp)
  }
  return {
    stale,
    stakingTokens,
    followUps,
    value: {
      chainId: chain.chainId,
      blockNumber: clock.blockNumber,
      timestamp: Number(clock.timestamp),
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
      vaultSupply: new Map(vaults.map(({ vault, supply }) => [vault, supply.value()])),
      vaultDepositLimit: new Map(vaults.flatMap(({ vault, depositLimit }) => (depositLimit ? [[vault, depositLimit.value()] as const] : []))),
      vaultHeld: new Map(vaults.flatMap(({ vault, held }) => (held ? [[vault, held.value()] as const] : []))),
      bridgeBalances: new Map(bridges.map(({ key, balance }) => [key, balance.value()])),
      rewardPools,
      strategies: new Map(
        strategies.map(({ strategy, callReward, lastHarvest, paused, farm }) => [
          strategy,
          { callReward: callReward.value(), lastHarvest: lastHarvest.value(), paused: paused.value(), ...(farm && { farm: farm() }) },
        ]),
      ),
    },
  }
}

/**
 * Adds the follow-up reads of `pass`'s pools to `batch` (which may carry other reads of that
 * wave, run at the pass's block); the returned function puts their states in the pass once it
 * ran. Undefined when no pool needs one.
 */
export function followUpPools(pass: StatePass, batch: ReadBatch): (() => void) | undefined {
  if (pass.followUps.size === 0) return undefined
  const finished = [...pass.followUps].map(([pool, add]) => [pool, add(batch)] as const)
  return () => {
    for (const [pool, state] of finished) pass.value.rewardPools.set(pool, state())
  }
}

/** The pools of `pass` completed with one more pass at its block, when any need it. */
export async function finishPools(chain: ChainClient, pass: StatePass): Promise<StatePass> {
  const batch = new ReadBatch()
  const finish = followUpPools(pass, batch)
  if (!finish) return pass
  await batch.run(chain, pass.value.blockNumber)
  finish()
  return pass
}
