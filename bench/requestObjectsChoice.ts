/**
 * The objects every build makes, written so Node 20's V8 makes them on its fast path: a literal
 * that spreads an object and then adds keys the object lacks (`{ ...ctx, scope }`), and a literal
 * with a getter, each go through the runtime (about 1–2.5 µs), where a literal naming its keys, a
 * class instance or `Object.assign` take tens to hundreds of ns. Beside them, a node call counted
 * and timed in plain maps against prom-client's labels. Each row's alternative is the code before.
 */
import { Counter, Histogram, Registry } from 'prom-client'
import { numberToHex, zeroAddress, type Address, type Hex } from 'viem'
import { onChain, withinRequest, type ServiceContext } from '../src/answer-state/index.js'
import { createChainClients, requestScope, type ChainClient, type FeeSuggestion } from '../src/chain/index.js'
import type { Config } from '../src/config/index.js'
import { RpcTallies } from '../src/metrics/RpcTallies.js'
import type { Registry as ServiceRegistry } from '../src/registry/index.js'
import type { BalanceChange, TxDescriptor, UnsignedTx } from '../src/schema/index.js'
import { describeCall, descriptorOf, withFees } from '../src/tx/index.js'
import type { Measure } from './sideBySide.js'

const CHAIN_ID = 56
const user = '0x1111111111111111111111111111111111111111' as Address
const pool = '0x2222222222222222222222222222222222222222' as Address
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

export async function benchRequestObjects(measure: Measure): Promise<void> {
  const chains = createChainClients([{ chainId: CHAIN_ID, rpcUrls: ['http://127.0.0.1:9'], wrappedNative: zeroAddress }], { timeoutMs: 1_000, retryCount: 0 })
  const chain = chains.get(CHAIN_ID)!
  // The fields a replica's context holds; what each is does not matter to how it is copied.
  const registry = { chains: new Map([[CHAIN_ID, {}]]) } as unknown as ServiceRegistry
  const deps = { config: {} as Config, chains, registry, facts: {}, snapshots: {}, store: {}, index: {}, blockPrices: {}, log: {}, version: '1', metrics: {} }
  const ctx = deps as unknown as ServiceContext
  await measure(
    { where: 'src/answer-state/context.ts', choice: 'a request’s two contexts written field by field, not spread with the keys they add', unit: 'request' },
    () => onChain(withinRequest(ctx, requestScope(1_000)), CHAIN_ID),
    () => {
      const within = { ...deps, scope: requestScope(1_000) }
      return { ...within, chainId: CHAIN_ID, chain: chain.within(within.scope), registry: registry.chains.get(CHAIN_ID), registries: registry }
    },
  )
  await measure(
    {
      where: 'src/chain/createChainClients.ts',
      choice: 'a request’s chain client a class instance, not an object literal with a getter',
      unit: 'request’s chain client',
    },
    () => chain.within(requestScope(1_000)),
    () => literalClient(chain, requestScope(1_000)),
  )
  const action = describeCall({ chain: { chainId: CHAIN_ID }, from: user }, { to: pool, data: '0xa694fc3a' as Hex, value: 0n }, 120_000n)
  const expected: BalanceChange[] = [{ token: pool, delta: '-1000000000000000000' }]
  const fees: FeeSuggestion = {
    blockNumber: 1n,
    nextBaseFeePerGas: 10n ** 9n,
    maxPriorityFeePerGas: 10n ** 9n,
    maxFeePerGas: 3n * 10n ** 9n,
    tipSource: 'recent-blocks',
  }
  await measure(
    {
      where: 'src/tx/buildTx.ts',
      choice: 'a descriptor and its fee fields written by name and `Object.assign`, not spread with the keys they add',
      unit: 'descriptor',
    },
    () => withFees(descriptorOf(action, [], expected), fees),
    () => spreadWithFees(spreadDescriptorOf(action, [], expected), fees),
  )
  const tallies = new RpcTallies(new Registry(), 'method', { name: 'ours_total', help: 'ours' }, { name: 'ours_seconds', help: 'ours', buckets: BUCKETS })
  const theirs = new Registry()
  const counter = new Counter({ name: 'theirs_total', help: 'theirs', labelNames: ['chain', 'method', 'outcome'] as const, registers: [theirs] })
  const histogram = new Histogram({ name: 'theirs_seconds', help: 'theirs', labelNames: ['chain', 'method'] as const, buckets: BUCKETS, registers: [theirs] })
  await measure(
    {
      where: 'src/metrics/RpcTallies.ts',
      choice: 'a node call counted in plain maps and timed in a series found once, not prom-client’s `inc` and `observe` with labels',
      unit: 'node call',
    },
    () => tallies.add(CHAIN_ID, 'eth_estimateGas', 'ok', 0.004),
    () => {
      counter.inc({ chain: String(CHAIN_ID), method: 'eth_estimateGas', outcome: 'ok' })
      histogram.observe({ chain: String(CHAIN_ID), method: 'eth_estimateGas' }, 0.004)
    },
  )
}

/** The chain client as it was made before: an object literal with a getter for viem's client. */
function literalClient(base: ChainClient, scope: ReturnType<typeof requestScope>): ChainClient {
  const request: ChainClient['request'] = (args) => base.rpc.call(args, scope)
  let client: ChainClient['client'] | undefined
  return {
    chainId: base.chainId,
    config: base.config,
    get client() {
      client ??= base.client
      return client
    },
    request,
    rpc: base.rpc,
    within: (inner) => literalClient(base, inner),
  }
}

/** descriptorOf as it was: the action spread, then its batch and balance changes added. */
function spreadDescriptorOf(action: UnsignedTx, approvals: UnsignedTx[], expected: BalanceChange[]): TxDescriptor {
  const calls = [...approvals, action].map(({ to, data, value }) => ({ to, data, value: value ?? '0x0' }))
  return { ...action, ...(approvals.length > 0 && { approvals }), calls, expected }
}

/** withFees as it was: the descriptor spread with its fee fields. */
function spreadWithFees(tx: TxDescriptor, fees: FeeSuggestion): TxDescriptor {
  const fields = { maxFeePerGas: numberToHex(fees.maxFeePerGas), maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas) }
  return { ...tx, ...fields, ...(tx.approvals && { approvals: tx.approvals.map((approval) => ({ ...approval, ...fields })) }) }
}
