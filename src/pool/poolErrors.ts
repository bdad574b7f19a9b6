import type { Address } from 'viem'
import { AppError } from '../errors/index.js'

/** 404: no reward pool at `address` is registered on the chain. */
export function poolNotRegistered(address: Address, chainId: number): AppError {
  return new AppError({ code: 'POOL_NOT_FOUND', status: 404, detail: `no reward pool ${address} is registered on chain ${chainId}`, meta: { chainId } })
}

/** 502: the registered reward pool at `address` did not answer its reads (retry shortly). */
export function poolUnreadable(address: Address, chainId: number): AppError {
  return new AppError({
    code: 'UPSTREAM_UNAVAILABLE',
    status: 502,
    detail: `reward pool ${address} on chain ${chainId} did not answer its reads`,
    retryable: true,
    retryAfterSeconds: 5,
  })
}
