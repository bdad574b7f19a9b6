import type { Address } from 'viem'
import type { ChainClient, FactCache, RequestScope } from '../chain/index.js'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import type { Config } from '../config/index.js'
import { notFound, unsupportedChain, type AppError, type ErrorCode } from '../errors/index.js'
import { withheldReason, type ChainRegistry, type Registry } from '../registry/index.js'
import type { BlockPriceStore, IndexStore, SnapshotStore } from '../store/index.js'

/** What the service functions need: built once in main.ts and passed down. */
export interface ServiceContext {
  config: Config
  chains: Map<number, ChainClient>
  registry: Registry
  /** Immutable on-chain facts read once (staking tokens of a reward pool, ...). */
  facts: FactCache
  /** The latest snapshot of each chain, when a refresher keeps them; aggregates read them instead of the chain. */
  snapshots?: { latest(chainId: number): ChainSnapshot | undefined }
  /** Snapshots and their history, when kept. */
  store?: SnapshotStore
  /** The event index (harvests, users' histories), when kept. */
  index?: IndexStore
  /** Past blocks' prices, kept once read (the history answers' USD values), beside the index. */
  blockPrices?: BlockPriceStore
  /** The client request this context serves (withinRequest): its node calls keep the scope's deadline. */
  scope?: RequestScope
}

/** `ctx` for the work of one client request: the chains `onChain` gives share `scope`. */
export function withinRequest(ctx: ServiceContext, scope: RequestScope): ServiceContext {
  const { config, chains, registry, facts, snapshots, store, index, blockPrices } = ctx
  const within: Named<ServiceContext> = { config, chains, registry, facts, snapshots, store, index, blockPrices, scope }
  return within
}

/**
 * Every field of `Context`, optional ones too: a context is written with its fields named one by
 * one, and this type makes a field added to the interface an error where one is written. Each
 * request makes two contexts (withinRequest, onChain), and on Node 20's V8 a literal that spreads
 * an object and then adds a key it lacks (`{ ...ctx, scope }`) costs about 2 µs, one naming its
 * keys about 20 ns (BENCHMARKS.md, "Figures behind the code").
 */
type Named<Context> = { [Field in keyof Required<Context>]: Context[Field] }

/** The event index; 404 NOT_FOUND when this service keeps none (no store configured). */
export function eventIndexOf(ctx: Pick<ServiceContext, 'index'>): IndexStore {
  if (!ctx.index) throw notFound('NOT_FOUND', 'this service keeps no event index (no store configured)')
  return ctx.index
}

/**
 * The work of a request on one configured chain: the context with the chain's id, its client
 * (within the request's scope, if any) and its registry, resolved once (onChain) and passed to
 * every service of that chain.
 */
export interface ChainContext extends Omit<ServiceContext, 'registry'> {
  chainId: number
  chain: ChainClient
  /** The chain's registry. */
  registry: ChainRegistry
  /** Every configured chain's (a 404 names the chain that holds what was asked for). */
  registries: Registry
}

/** `ctx` on the configured chain `chainId`; 400 UNSUPPORTED_CHAIN (input `chainId`) otherwise. */
export function onChain(ctx: ServiceContext, chainId: number): ChainContext {
  const chain = ctx.chains.get(chainId)
  const registry = ctx.registry.chains.get(chainId)
  if (!chain || !registry) throw unsupportedChain(chainId, [...ctx.chains.keys()])
  const { config, chains, facts, snapshots, store, index, blockPrices, scope } = ctx
  const on: Named<ChainContext> = {
    config,
    chains,
    facts,
    snapshots,
    store,
    index,
    blockPrices,
    scope,
    chainId,
    chain: scope ? chain.within(scope) : chain,
    registry,
    registries: ctx.registry,
  }
  return on
}

/**
 * 404 for a contract `chainId`'s registry does not hold; when another configured chain's does, the
 * message names it, since the usual cause is the wrong `chainId`.
 */
export function notRegistered(
  ctx: ChainContext,
  found: { code: ErrorCode; what: string; address: string; in: (registry: ChainRegistry) => boolean },
): AppError {
  const { chainId } = ctx
  const elsewhere = [...ctx.registries.chains.values()]
    .filter((registry) => registry.chainId !== chainId && found.in(registry))
    .map((registry) => registry.chainId)
  const withheld = withheldReason(ctx.registry, found.address as Address)
  if (withheld) return withheldFromService(found.code, `${found.what} ${found.address} is registered on chain ${chainId}`, chainId, withheld)
  const hint = elsewhere.length ? `; it is registered on chain ${elsewhere.join(', ')}: send that chain id` : ''
  return notFound(found.code, `no ${found.what} ${found.address} is registered on chain ${chainId}${hint}`, {
    chainId,
    ...(elsewhere.length && { registeredOn: elsewhere }),
  })
}

/** 404 for an entry the registry holds but the start's check withheld (see withhold): `registered` says what and where, `reason` what the check found. */
export function withheldFromService(code: ErrorCode, registered: string, chainId: number, reason: string): AppError {
  return notFound(code, `${registered} but withheld from service: the registry check at start found ${reason} (see /status)`, { chainId, withheld: reason })
}
