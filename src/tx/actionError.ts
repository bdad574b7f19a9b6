import { toAppError, type ChainClient } from '../chain/index.js'
import type { AppError } from '../errors/index.js'
import { errorsAbi, explainRevert, revertLacksFunds } from '../protocols/index.js'

/** The client's error for a failed chain call made while building `action` on `chain`. */
export function actionError(error: unknown, chain: ChainClient, action: string): AppError {
  return toAppError(error, { abi: errorsAbi, chainId: chain.chainId, action, explain: explainRevert, lacksFunds: revertLacksFunds })
}
