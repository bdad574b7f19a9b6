import createClient, { type Client, type ClientOptions } from 'openapi-fetch'
import type { components, paths } from './openapi.generated.js'

export type { components, paths } from './openapi.generated.js'

/** The problem+json body of every error answer. */
export type Problem = components['schemas']['Problem']
/** The stable codes an error answer carries in `code`. */
export type ErrorCode = Problem['code']
/** The transaction descriptor every `tx/...` endpoint answers with: sign and send its `approvals` first, then it. */
export type TxDescriptor = paths['/yield/{contractAddress}/tx/deposit']['post']['responses'][200]['content']['application/json']

/** A client of the API at `baseUrl` (e.g. http://127.0.0.1:8080): every path, body and answer typed from its OpenAPI document. */
export function createApiClient(baseUrl: string, options: Omit<ClientOptions, 'baseUrl'> = {}): Client<paths> {
  return createClient<paths>({ ...options, baseUrl })
}

/**
 * Read-your-writes: the request option that asks for an answer made at `receipt`'s block or later
 * (the `x-min-block-number` header; the service waits a few seconds to reach it, else answers 503
 * NOT_READY with retry-after). Spread it into any read that names a chain:
 * `api.GET('/users/{address}/positions', { params, ...afterReceipt(receipt) })`.
 */
export function afterReceipt(receipt: { blockNumber: bigint }): { headers: { 'x-min-block-number': string } } {
  return { headers: { 'x-min-block-number': receipt.blockNumber.toString() } }
}

export {
  framesOf,
  streamEvents,
  type EventStreamFrame,
  type HarvestableEntry,
  type HarvestReport,
  type StreamEvent,
  type StreamOptions,
  type UserAction,
} from './stream.js'
