import type { ErrorCode } from '../../errors/index.js'

/*
 * The parts of an answer that are not its body: the headers each kind of answer carries, and the
 * error codes shared by many operations. A route's `response` reads as what it answers with.
 */

/** What any JSON body can fail with before the route runs. */
export const BODY_ERRORS = ['INVALID_REQUEST', 'INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const satisfies ErrorCode[]
/** What a read of chain state can fail with: the node did not answer (503) or answered with an error (502). */
export const CHAIN_ERRORS = ['UPSTREAM_UNAVAILABLE'] as const satisfies ErrorCode[]
/** Every operation but the probes is rate limited per client address. */
export const LIMIT_ERRORS = ['RATE_LIMITED'] as const satisfies ErrorCode[]
/** What every read of a query string and the chain can fail with. */
export const READ_ERRORS = ['INVALID_REQUEST', ...LIMIT_ERRORS, ...CHAIN_ERRORS] as const satisfies ErrorCode[]

const BLOCK_NUMBER = { type: 'string', pattern: '^[0-9]+$', description: 'The block every chain read of the answer was pinned to' } as const

/** Headers of an aggregate answer (E1–E3, P6, P7, U2, U3, history): kept bytes, one snapshot per chain. */
const AGGREGATE_HEADERS = {
  'x-block-number': { ...BLOCK_NUMBER, description: 'The block of the snapshot the answer comes from, when it reads one chain' },
  'x-block-numbers': {
    type: 'string',
    pattern: '^[0-9]+=[0-9]+(,[0-9]+=[0-9]+)*$',
    description: 'The block of each chain the answer reads, when it reads several: chainId=block, comma separated (1=…,56=…)',
  },
  age: { type: 'integer', minimum: 0, description: 'Seconds since the chain state behind the answer was read or confirmed current (RFC 9111)' },
  'x-stale': {
    type: 'string',
    enum: ['true'],
    description: 'Present when that state is older than SNAPSHOT_STALE_AFTER_MS (the chain nodes stopped answering)',
  },
  etag: { type: 'string', description: 'Names the bytes of the answer: send it as If-None-Match to get 304 while it is unchanged' },
  'cache-control': { type: 'string', description: 'public, max-age=<refresh interval in seconds>; max-age=0, must-revalidate once stale' },
} as const

/** A header naming what an aggregate answer leaves out because it could not be read. */
export type OmittedHeader = 'x-omitted-tokens' | 'x-omitted-bridges' | 'x-omitted-pools'

const omittedDescriptions: Record<OmittedHeader, string> = {
  'x-omitted-tokens': 'Tokens whose metadata could not be read, comma separated: left out of the answer',
  'x-omitted-bridges': 'Bridges that could not be read, comma separated: left out of the answer',
  'x-omitted-pools': 'Reward pools that could not be read, comma separated: left out of the answer',
}

/**
 * A 200 answer read from the chain at one block, with `x-block-number`. The body schema stays
 * what it is (it types the handler); only the document reads `headers`.
 */
export function atBlockAnswer<T extends object>(schema: T): T & { headers: { 'x-block-number': typeof BLOCK_NUMBER } } {
  return { ...schema, headers: { 'x-block-number': BLOCK_NUMBER } }
}

/** A 200 answer read from one or several chains now, each at one block: `x-block-number` or `x-block-numbers`. */
export function atBlocksAnswer<T extends object>(schema: T): T & { headers: Record<string, object> } {
  return {
    ...schema,
    headers: {
      'x-block-number': { ...BLOCK_NUMBER, description: 'The block the reads were pinned to, when the answer reads one chain' },
      'x-block-numbers': {
        ...AGGREGATE_HEADERS['x-block-numbers'],
        description: 'The block of each chain read, when it reads several: chainId=block, comma separated',
      },
    },
  }
}

/** A 200 aggregate answer: freshness headers, its ETag and cache lifetime, and what it omits. */
export function aggregateAnswer<T extends object>(schema: T, omitted?: OmittedHeader): T & { headers: Record<string, object> } {
  const headers: Record<string, object> = { ...AGGREGATE_HEADERS }
  if (omitted) headers[omitted] = { type: 'string', description: omittedDescriptions[omitted] }
  return { ...schema, headers }
}

/** A 200 answer kept as bytes but read from the store, not the chain: its ETag and cache lifetime only. */
export function storedAnswer<T extends object>(schema: T): T & { headers: Record<string, object> } {
  return { ...schema, headers: { etag: AGGREGATE_HEADERS.etag, 'cache-control': AGGREGATE_HEADERS['cache-control'] } }
}

/** The 304 of an aggregate answer asked for with the If-None-Match of its current ETag. */
export const NOT_MODIFIED = {
  304: {
    type: 'null',
    description: 'Not Modified: If-None-Match named the current ETag; no body',
    headers: { etag: AGGREGATE_HEADERS.etag, 'cache-control': AGGREGATE_HEADERS['cache-control'], age: AGGREGATE_HEADERS.age },
  },
} as const
