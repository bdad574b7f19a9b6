/**
 * `BENCH_ONLY=choices`: the choices in the code that a micro-benchmark can weigh, each beside the
 * alternative it was chosen over, in this process and in the same run, the code as it is on one
 * side and the library's way (or the code before the change) on the other. Each figure is the
 * median µs per operation over rounds taken in turn with the other side's (sideBySide.ts).
 */
import type { IncomingMessage } from 'node:http'
import { normalizeIP } from '@fastify/rate-limit'
import { Histogram, Registry } from 'prom-client'
import {
  createPublicClient,
  custom,
  decodeFunctionResult,
  encodeFunctionData,
  encodeFunctionResult,
  getAddress,
  numberToHex,
  zeroAddress,
  type Hex,
} from 'viem'
import { beefyVaultAbi, multicall3Abi, rewardPoolAbi } from '../contracts/artifacts/index.js'
import { clientKeyOf } from '../src/api/rate-limit/clientAddress.js'
import { createChainClients, requestScope } from '../src/chain/index.js'
import { encodeCall, functionCodec } from '../src/chain/functionCodec.js'
import { decodeAggregate3, encodeAggregate3, type Aggregate3Call } from '../src/chain/multicall3Codec.js'
import { jsonLength } from '../src/chain/rpc/callBatches.js'
import { SeriesHistogram } from '../src/metrics/SeriesHistogram.js'
import { figureKey } from '../src/pricing/index.js'
import { checksummed } from '../src/schema/index.js'
import { benchRequestObjects } from './requestObjectsChoice.js'
import { benchSimulation } from './simulationChoice.js'
import { benchSnapshotText } from './snapshotTextChoice.js'
import { addresses, type ChoiceRow, type Measure, sideBySide } from './sideBySide.js'

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
  await figureDigests(measure)
  await benchSnapshotText(measure)
  await benchSimulation(measure)
  await benchRequestObjects(measure)
  return rows
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
  let amount = 10n ** 18n
  await measure(
    {
      where: 'src/chain/functionCodec.ts',
      choice: 'a transaction’s call written through its codec (`encodeCall`), not viem’s `encodeFunctionData` (a pool’s `stake`)',
      unit: 'call written',
    },
    () => encodeCall(rewardPoolAbi, 'stake', [0n, amount++]),
    () => encodeFunctionData({ abi: rewardPoolAbi, functionName: 'stake', args: [0n, amount++] }),
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
  const viemChain = chain.client.chain
  await measure(
    {
      where: 'src/chain/createChainClients.ts',
      choice: 'a request’s viem client made by binding the public actions to its bare client, not by `createPublicClient` (viem’s `extend`)',
      unit: 'viem client made',
    },
    () => chain.within(requestScope(1_000)).client,
    () => {
      const { request } = chain.within(requestScope(1_000))
      return createPublicClient({ chain: viemChain, transport: custom({ request }, { retryCount: 0 }), batch: { multicall: false }, cacheTime: 0 })
    },
  )
}

/** Figures a block's digest holds with 1,000 vaults and 1,000 pools: six a vault, six a pool. */
const DIGEST_ENTRIES = 2_000
const DIGEST_FIELDS = ['tvl', 'apy.1d', 'apy.7d', 'apy.30d', 'apy.90d', 'apyBreakdown.totalApy'] as const

async function figureDigests(measure: Measure): Promise<void> {
  const entries = addresses(DIGEST_ENTRIES, 'digest')
  const values = entries.map((_, index) => DIGEST_FIELDS.map((_, field) => index + field / 10))
  await measure(
    {
      where: 'src/status/figureDigest.ts',
      choice: `a block’s figures watched for jumps kept in a Map, not an object’s keys (${(DIGEST_ENTRIES * DIGEST_FIELDS.length).toLocaleString('en-US')} figures)`,
      unit: 'digest of a block',
    },
    () => {
      const digest = new Map<string, number>()
      for (const [index, entry] of entries.entries())
        for (const [at, field] of DIGEST_FIELDS.entries()) digest.set(figureKey(entry, field), values[index]![at]!)
      return digest
    },
    () => {
      const digest: Record<string, number> = {}
      for (const [index, entry] of entries.entries()) for (const [at, field] of DIGEST_FIELDS.entries()) digest[figureKey(entry, field)] = values[index]![at]!
      return digest
    },
  )
}
