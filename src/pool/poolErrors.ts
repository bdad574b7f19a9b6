import type { Address } from 'viem'
import { notRegistered, type ChainContext } from '../answer-state/index.js'
import { type AppError, nodeFailed } from '../errors/index.js'

/** 404: no reward pool at `address` is registered on the chain (naming the chain it is registered on, if any). */
export function poolNotRegistered(ctx: ChainContext, address: Address): AppError {
  return notRegistered(ctx, { code: 'POOL_NOT_FOUND', what: 'reward pool', address, in: (registry) => registry.rewardPools.has(address) })
}

/** 502: the registered reward pool at `address` did not answer its reads (retry shortly). */
export function poolUnreadable(address: Address, chainId: number): AppError {
  return nodeFailed(`reward pool ${address} on chain ${chainId} did not answer its reads`, { retryAfterSeconds: 5 })
}
