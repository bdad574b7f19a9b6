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

/** Entries a followed block's snapshot holds anew: 5 vaults' totals and 5 reward pools (the bench's 10 touched contracts a block). */
const NEW_PER_BLOCK = 5

/** The snapshot of the block after `last`: new Maps holding the last one's entries, NEW_PER_BLOCK vaults and pools read anew (as advanceState builds it). */
function followedSnapshot(last: ChainSnapshot, block: number): ChainSnapshot {
  const state = last.state
  const vaultWant = new Map(state.vaultWant)
  const rewardPools = new Map(state.rewardPools)
  for (const vault of [...vaultWant.keys()].slice(0, NEW_PER_BLOCK)) vaultWant.set(vault, BigInt(block))
  for (const [pool, entry] of [...rewardPools].slice(0, NEW_PER_BLOCK))
    if (entry) rewardPools.set(pool, { ...entry, stakingPools: entry.stakingPools.map((staking) => ({ ...staking, totalStaked: BigInt(block) })) })
  return {
    ...last,
    state: {
      ...state,
      blockNumber: state.blockNumber + 1n,
      pairs: new Map(state.pairs),
      vaultWant,
      vaultSupply: new Map(state.vaultSupply),
      vaultHeld: new Map(state.vaultHeld),
      vaultDepositLimit: new Map(state.vaultDepositLimit),
      strategies: new Map(state.strategies),
      rewardPools,
    },
  }
}

/**
 * What sending `text` to Redis reads of it: its UTF-8 length, which reads the whole text, so a
 * text kept as pieces (snapshotText.ts's lists) is copied here into one, as the socket's write does.
 */
const sent = (text: string) => Buffer.byteLength(text)

/** The writer before texts were kept: the whole snapshot tagged, then JSON.stringify'd. */
function wholeText(snapshot: ChainSnapshot): string {
  const tagged = (value: unknown): unknown => {
    if (typeof value === 'bigint') return `\u0001n${value}`
    if (typeof value !== 'object' || value === null) return value
    if (Array.isArray(value)) return value.map(tagged)
    if (value instanceof Map) return { '\u0001m': Array.from(value, ([key, entry]) => [tagged(key), tagged(entry)]) }
    if (value instanceof Set) return { '\u0001s': Array.from(value, tagged) }
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, tagged(entry)]))
  }
  return JSON.stringify({ format: 'tagged-json-1', snapshot: tagged(snapshot) })
}

/** The snapshot's text: a followed block's written from the kept texts of what it shares, not whole; read against superjson (rows of designChoices.ts). */
export async function benchSnapshotText(measure: Measure): Promise<void> {
  const snapshot = largeSnapshot(SNAPSHOT_CONTRACTS)
  const ours = encodeSnapshot(snapshot)
  const theirs = superjson.stringify(snapshot)
  const contracts = `${SNAPSHOT_CONTRACTS.toLocaleString('en-US')} vaults and ${SNAPSHOT_CONTRACTS.toLocaleString('en-US')} reward pools`
  let last = snapshot
  let block = 0
  await measure(
    {
      where: 'src/chain-snapshot/snapshotText.ts',
      choice: `a followed block's snapshot written from the kept texts of the entries it shares with the last one, not whole, and read whole as its send reads it: ${contracts}, ${2 * NEW_PER_BLOCK} of them new (${(ours.length / 1e6).toFixed(1)} MB of text)`,
      unit: 'snapshot written (the refresher, per block)',
    },
    () => {
      last = followedSnapshot(last, ++block)
      return sent(encodeSnapshot(last))
    },
    () => sent(wholeText(followedSnapshot(snapshot, ++block))),
  )
  await measure(
    {
      where: 'src/chain-snapshot/snapshotText.ts',
      choice: `a snapshot read from tagged JSON, not superjson: ${contracts}, ${(ours.length / 1e6).toFixed(1)} MB of text against ${(theirs.length / 1e6).toFixed(1)} MB`,
      unit: 'snapshot read (every replica, per snapshot)',
    },
    () => decodeSnapshot(ours),
    () => superjson.parse(theirs),
  )
}
