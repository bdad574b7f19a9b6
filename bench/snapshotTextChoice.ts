import superjson from 'superjson'
import type { Address } from 'viem'
import { decodeSnapshot, encodeSnapshot, type ChainSnapshot, type RewardPoolState } from '../src/chain-snapshot/index.js'
import { addresses, type Measure } from './sideBySide.js'
/** Vaults and reward pools of the snapshot whose text is weighed: the bench's registry on chain 56. */
const SNAPSHOT_CONTRACTS = 1_000

/** A snapshot of the shapes the refresher writes: `count` vaults with strategies and farms, `count` reward pools, their tokens and pairs. */
function largeSnapshot(count: number): ChainSnapshot {
  const [vaults, strategies, pools, tokens] = ['vault', 'strategy', 'pool', 'token'].map((seed) => addresses(count, seed)) as [
    Address[],
    Address[],
    Address[],
    Address[],
  ]
  const wei = (index: number) => 10n ** 18n * BigInt(index + 1) + 123_456_789n
  const byVault = <T>(value: (index: number) => T) => new Map(vaults.map((vault, index) => [vault, value(index)]))
  return {
    chainId: 56,
    takenAt: 1_700_000_000_000,
    state: {
      chainId: 56,
      blockNumber: 45_000_000n,
      timestamp: 1_700_000_000,
      tokens: new Map(tokens.map((token, index) => [token, { name: `Token ${index}`, symbol: `T${index}`, decimals: 18 }])),
      feeds: new Map(),
      pairs: new Map(tokens.map((token, index) => [token, { reserve0: wei(index), reserve1: wei(index + 1), totalSupply: wei(index + 2) }])),
      vaultWant: byVault(wei),
      vaultSupply: byVault(wei),
      vaultHeld: byVault(() => 0n),
      vaultDepositLimit: byVault(() => undefined),
      bridgeBalances: new Map(),
      strategies: new Map(
        strategies.map((strategy, index) => [
          strategy,
          {
            callReward: wei(index),
            lastHarvest: 1_699_999_000n,
            paused: false,
            farm: { address: pools[index]!, rewardToken: tokens[index]!, rewardPerSecond: wei(index), totalStaked: wei(index), rewardReserve: wei(index) },
          },
        ]),
      ),
      rewardPools: new Map(
        pools.map((pool, index) => [
          pool,
          {
            address: pool,
            kind: 'reference',
            rewardTokens: [tokens[index]!],
            rewardPerBlock: [wei(index)],
            totalReward: [wei(index)],
            startBlock: 1n,
            endBlock: 99_000_000n,
            claimDelay: 0n,
            unstakeDelayDuration: 0n,
            totalAllocPoint: 100n,
            rewardVault: pool,
            feeManager: pool,
            protocolFee: 0n,
            withdrawPenaltyFee: 0n,
            withdrawPenaltyBlock: 0n,
            compoundEnabled: false,
            stakingPools: [
              {
                pid: 0,
                stakingToken: tokens[index]!,
                allocPoint: 100n,
                depositCap: 0n,
                capValidUntilBlock: 0n,
                totalStaked: wei(index),
                participants: 12n,
                swapPath: [],
              },
            ],
          } satisfies RewardPoolState,
        ]),
      ),
    },
    completedApr: {},
  }
}

/** The snapshot's text form against superjson, writing and reading (a row of designChoices.ts). */
export async function benchSnapshotText(measure: Measure): Promise<void> {
  const snapshot = largeSnapshot(SNAPSHOT_CONTRACTS)
  const ours = encodeSnapshot(snapshot)
  const theirs = superjson.stringify(snapshot)
  const what = `${SNAPSHOT_CONTRACTS.toLocaleString('en-US')} vaults and ${SNAPSHOT_CONTRACTS.toLocaleString('en-US')} reward pools, ${(ours.length / 1e6).toFixed(1)} MB of text against ${(theirs.length / 1e6).toFixed(1)} MB`
  await measure(
    {
      where: 'src/chain-snapshot/snapshotText.ts',
      choice: `a snapshot written as tagged JSON, not superjson: ${what}`,
      unit: 'snapshot written (the refresher, per snapshot)',
    },
    // A new snapshot object each time: the text is kept per snapshot, and a kept text is not a write.
    () => encodeSnapshot({ ...snapshot }),
    () => superjson.stringify({ ...snapshot }),
  )
  await measure(
    {
      where: 'src/chain-snapshot/snapshotText.ts',
      choice: `a snapshot read from tagged JSON, not superjson: ${what}`,
      unit: 'snapshot read (every replica, per snapshot)',
    },
    () => decodeSnapshot(ours),
    () => superjson.parse(theirs),
  )
}
