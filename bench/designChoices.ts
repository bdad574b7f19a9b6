/**
 * `BENCH_ONLY=choices`: the choices in the code that a micro-benchmark can weigh, each beside the
 * alternative it was chosen over, in this process and in the same run, the code as it is on one
 * side and the library's way (or the code before the change) on the other. Each figure is the
 * median µs per operation over rounds taken in turn with the other side's (sideBySide.ts).
 */
import type { IncomingMessage } from 'node:http'
import { normalizeIP } from '@fastify/rate-limit'
import superjson from 'superjson'
import { Histogram, Registry } from 'prom-client'
import {
  decodeFunctionResult,
  encodeFunctionData,
  encodeFunctionResult,
  getAddress,
  keccak256,
  numberToHex,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem'
import { beefyVaultAbi, multicall3Abi } from '../contracts/artifacts/index.js'
import { clientKeyOf } from '../src/api/rate-limit/clientAddress.js'
import { createChainClients, requestScope } from '../src/chain/index.js'
import { functionCodec } from '../src/chain/functionCodec.js'
import { decodeAggregate3, encodeAggregate3, type Aggregate3Call } from '../src/chain/multicall3Codec.js'
import { jsonLength } from '../src/chain/rpc/callBatches.js'
import { SeriesHistogram } from '../src/metrics/SeriesHistogram.js'
import { decodeSnapshot, encodeSnapshot, type ChainSnapshot, type RewardPoolState } from '../src/chain-snapshot/index.js'
import { checksummed } from '../src/schema/index.js'
import { benchSimulation } from './simulationChoice.js'
import { type ChoiceRow, sideBySide } from './sideBySide.js'

/** Addresses a large registry holds (vaults, pools, their tokens and strategies), all in both checksum caches. */
const REGISTRY_ADDRESSES = 4_000
/** Reads in a snapshot's chunk of one aggregate3 call. */
const CHUNK_READS = 1_500
/** Reads in one position's aggregate3 call (balances, price per share, pending rewards…). */
const POSITION_READS = 8

/** Every row, one choice after another. */
export async function benchDesignChoices(): Promise<ChoiceRow[]> {
  const rows: ChoiceRow[] = []
  const measure = async (row: Omit<ChoiceRow, 'ours' | 'theirs'>, ours: () => unknown, theirs: () => unknown) => {
    const measured = await sideBySide(ours, theirs)
    rows.push({ ...row, ...measured })
    console.log(`${row.where}: ${measured.ours.toPrecision(3)} µs against ${measured.theirs.toPrecision(3)} µs ${row.unit}`)
  }
  await checksums(measure)
  await histograms(measure)
  await clientNames(measure)
  await aggregate3(measure)
  await functionCalls(measure)
  await batchSizes(measure)
  await viemClients(measure)
  await snapshotText(measure)
  await benchSimulation(measure)
  return rows
}

type Measure = (row: Omit<ChoiceRow, 'ours' | 'theirs'>, ours: () => unknown, theirs: () => unknown) => Promise<void>

/** `count` distinct addresses, lowercase, as clients and nodes send them. */
function addresses(count: number, seed: string): Address[] {
  return Array.from({ length: count }, (_, index) => keccak256(toHex(`${seed}${index}`)).slice(0, 42) as Address)
}

/** A cycle through `items`: each call gives the next. */
function cycle<T>(items: readonly T[]): () => T {
  let at = 0
  return () => items[at++ % items.length]!
}

async function checksums(measure: Measure): Promise<void> {
  const registry = addresses(REGISTRY_ADDRESSES, 'registry')
  for (const address of registry) checksummed(address)
  const ours = cycle(registry)
  const theirs = cycle(registry)
  await measure(
    {
      where: 'src/schema/address.ts',
      choice: `checksums through a plain map, not viem’s LRU (${REGISTRY_ADDRESSES.toLocaleString('en-US')} registry addresses in both)`,
      unit: 'read',
    },
    () => checksummed(ours()),
    () => getAddress(theirs()),
  )
}

async function histograms(measure: Measure): Promise<void> {
  const labels = { method: 'GET', route: '/v1/yield/:chainId/vaults', status: '200' }
  const buckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
  const series = new SeriesHistogram('ours_seconds', 'ours', ['method', 'route', 'status'] as const, buckets, new Registry()).series(labels)
  const histogram = new Histogram({
    name: 'theirs_seconds',
    help: 'theirs',
    labelNames: ['method', 'route', 'status'] as const,
    buckets,
    registers: [new Registry()],
  })
  // Durations spread over the buckets, seconds.
  const durations = Array.from({ length: 1_000 }, (_, index) => (index * 0.0007) % 0.3)
  const ours = cycle(durations)
  const theirs = cycle(durations)
  await measure(
    { where: 'src/metrics/SeriesHistogram.ts', choice: 'a series found once and observed, not prom-client’s `observe(labels, value)`', unit: 'observation' },
    () => series.observe(ours()),
    () => histogram.observe(labels, theirs()),
  )
}

async function clientNames(measure: Measure): Promise<void> {
  // Kept connections from IPv6 clients, each sending requests one after another.
  const requests = addresses(64, 'client').map(
    (hex) =>
      ({ socket: { remoteAddress: `2001:db8:${hex.slice(2, 6)}:${hex.slice(6, 10)}::${hex.slice(10, 14)}` }, headers: {} }) as unknown as IncomingMessage,
  )
  const keyOf = clientKeyOf(false)
  const ours = cycle(requests)
  const theirs = cycle(requests)
  await measure(
    {
      where: 'src/api/rate-limit/clientAddress.ts',
      choice: 'an IPv6 client named once per connection, not each request (`normalizeIP`, as before 4bd96ec)',
      unit: 'request',
    },
    () => keyOf(ours()),
    () => normalizeIP(theirs().socket.remoteAddress ?? ''),
  )
}

/** Calls of `balanceOf(holder)` on `count` tokens, and the answer Multicall3 gives them. */
function aggregate3Batch(count: number): { calls: Aggregate3Call[]; answer: Hex } {
  const holder = addresses(1, 'holder')[0]!
  const calls = addresses(count, 'token').map((target) => ({
    target: getAddress(target),
    allowFailure: true,
    callData: encodeFunctionData({ abi: beefyVaultAbi, functionName: 'balanceOf', args: [holder] }),
  }))
  const result = calls.map((_, index) => ({ success: true, returnData: numberToHex(BigInt(index) * 10n ** 18n, { size: 32 }) }))
  return { calls, answer: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result }) }
}

async function aggregate3(measure: Measure): Promise<void> {
  for (const [count, what] of [
    [POSITION_READS, 'a position read'],
    [CHUNK_READS, 'a snapshot chunk'],
  ] as const) {
    const { calls, answer } = aggregate3Batch(count)
    await measure(
      {
        where: 'src/chain/multicall3Codec.ts',
        choice: `aggregate3 written and read by hand, not by viem’s codec (${what}, ${count.toLocaleString('en-US')} calls)`,
        unit: 'call written and its answer read',
      },
      () => decodeAggregate3(encodeAggregate3(calls) && answer, count),
      () =>
        encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }) &&
        decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: answer }),
    )
  }
}

async function functionCalls(measure: Measure): Promise<void> {
  const holders = addresses(64, 'holder')
  const answer = numberToHex(123n * 10n ** 18n, { size: 32 })
  const codec = functionCodec(beefyVaultAbi, 'balanceOf')
  const ours = cycle(holders)
  const theirs = cycle(holders)
  await measure(
    {
      where: 'src/chain/functionCodec.ts',
      choice: 'a read’s codec found once per ABI and function, not viem’s per call (a vault’s `balanceOf`)',
      unit: 'read written and its answer read',
    },
    () => codec.encode([ours()]) && codec.decode(answer),
    () =>
      encodeFunctionData({ abi: beefyVaultAbi, functionName: 'balanceOf', args: [theirs()] }) &&
      decodeFunctionResult({ abi: beefyVaultAbi, functionName: 'balanceOf', data: answer }),
  )
}

async function batchSizes(measure: Measure): Promise<void> {
  const { calls } = aggregate3Batch(CHUNK_READS)
  const params = [{ to: zeroAddress, data: encodeAggregate3(calls) }, 'latest']
  await measure(
    {
      where: 'src/chain/rpc/callBatches.ts',
      choice: 'a call’s JSON length counted, not written (`JSON.stringify`) to be measured',
      unit: `eth_call of a ${CHUNK_READS.toLocaleString('en-US')}-read chunk`,
    },
    () => jsonLength(params),
    () => JSON.stringify(params).length,
  )
}

async function viemClients(measure: Measure): Promise<void> {
  const chains = createChainClients([{ chainId: 56, rpcUrls: ['http://127.0.0.1:9'], wrappedNative: zeroAddress }], { timeoutMs: 1_000, retryCount: 0 })
  const chain = chains.get(56)!
  await measure(
    {
      where: 'src/chain/createChainClients.ts',
      choice: 'viem’s client made on first use, not with each request’s chain client',
      unit: 'request’s chain client',
    },
    () => chain.within(requestScope(1_000)),
    () => chain.within(requestScope(1_000)).client,
  )
}

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

async function snapshotText(measure: Measure): Promise<void> {
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
