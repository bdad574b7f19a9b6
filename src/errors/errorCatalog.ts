/** What a client needs to know about an error code: its status, whether retrying helps, and what to do. */
export interface ErrorSpec {
  /** The HTTP status the code is answered with. */
  status: number
  /** Other statuses the code may come with (documented per route). */
  otherStatuses?: readonly number[]
  /** Whether the same request may succeed later; drives `retry-after`. */
  retryable: boolean
  /** What the code means, in a few words. */
  meaning: string
  /** What the caller should do about it. */
  remedy: string
}

/**
 * Every error code the service answers, with its status. Clients branch on `code`; docs/dapps.md's
 * error table and the OpenAPI enum are both generated from this one table.
 */
export const ERROR_CATALOG = {
  INVALID_REQUEST: {
    status: 400,
    retryable: false,
    meaning: 'a field is missing, unknown or breaks its rule',
    remedy: 'fix the fields listed in `errors` (path and rule)',
  },
  INVALID_ADDRESS: {
    status: 400,
    retryable: false,
    meaning: 'an address is malformed or has a bad checksum',
    remedy: 'send 0x and 40 hex digits, all lower case or EIP-55 checksummed',
  },
  INVALID_AMOUNT: {
    status: 400,
    retryable: false,
    meaning: 'an amount is not a whole number in the lowest denomination',
    remedy: 'send a decimal string of digits below 2^256, e.g. "1000000000000000000"',
  },
  INVALID_JSON: { status: 400, retryable: false, meaning: 'the body is not valid JSON', remedy: 'send a JSON object' },
  BAD_URL: { status: 400, retryable: false, meaning: 'the request line or URL is malformed', remedy: 'percent-encode the path and query' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    retryable: false,
    meaning: 'the path exists but not for this method',
    remedy: 'use a method listed in the `allow` header',
  },
  REQUEST_TIMEOUT: { status: 408, retryable: true, meaning: 'the request was not received in time', remedy: 'send the whole request promptly' },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false, meaning: 'the body is larger than 16 KiB', remedy: 'send only the documented fields' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, retryable: false, meaning: 'the body is not application/json', remedy: 'send `content-type: application/json`' },
  HEADERS_TOO_LARGE: { status: 431, retryable: false, meaning: 'the URL or headers are too long', remedy: 'shorten the URL and headers (16 KiB in all)' },
  UNSUPPORTED_CHAIN: { status: 400, retryable: false, meaning: 'the chain id is not configured', remedy: 'use one of the chains listed in the message' },
  NOT_FOUND: { status: 404, retryable: false, meaning: 'no endpoint serves this path', remedy: 'see /docs for the endpoints' },
  VAULT_NOT_FOUND: {
    status: 404,
    retryable: false,
    meaning: 'no vault is registered at this address on this chain',
    remedy: 'check the address and chain; the message names the chain it is registered on, if any',
  },
  STRATEGY_NOT_FOUND: {
    status: 404,
    retryable: false,
    meaning: 'no strategy is registered at this address on this chain',
    remedy: 'check the address and chain',
  },
  ZAP_NOT_FOUND: { status: 404, retryable: false, meaning: 'no zap is registered at this address for this vault', remedy: 'use a zap listed for the vault' },
  POOL_NOT_FOUND: {
    status: 404,
    retryable: false,
    meaning: 'no reward pool (or pid) is registered at this address on this chain',
    remedy: 'check the address, pid and chain',
  },
  TOKEN_NOT_FOUND: { status: 404, retryable: false, meaning: 'the token is not known on this chain', remedy: 'check the address and chain' },
  EXECUTION_REVERTED: {
    status: 422,
    retryable: false,
    meaning: 'the transaction would revert now, for another reason than a lack of funds (a cap, a lock, a pause, a slippage bound)',
    remedy: 'read `detail` and `revert`: they say what stops it',
  },
  VAULT_PAUSED: {
    status: 422,
    retryable: false,
    meaning: "the vault's strategy is paused (or an ERC-4626 vault takes no deposits): deposits and zaps in would revert",
    remedy: 'deposit once it is active again (`status` in /vaults); withdrawals work meanwhile',
  },
  VAULT_RETIRED: {
    status: 422,
    retryable: false,
    meaning: 'the vault is retired: it takes no new deposits',
    remedy: 'withdraw what it holds; deposit into another vault',
  },
  NOTHING_TO_DO: { status: 422, retryable: false, meaning: 'the action would do nothing (no balance, no shares, no rewards)', remedy: 'fund or deposit first' },
  INSUFFICIENT_FUNDS: {
    status: 422,
    retryable: false,
    meaning: 'the user lacks the tokens, shares, stake or native coin the action needs',
    remedy: 'lower the amount or fund the account; `detail` gives the balance, and `revert` the decoded error where the chain raised one',
  },
  PRICE_DEVIATION: {
    status: 422,
    retryable: false,
    meaning: "the zap's pair trades off the fair price of its tokens by more than the bound: it may be being manipulated",
    remedy: 'retry once the pair is back near its fair price; `detail` says how far off it is and the bound',
  },
  PRICE_IMPACT: {
    status: 422,
    retryable: false,
    meaning: "the zap's swap would pay further below the fair price than the slippage allowed",
    remedy: 'zap a smaller amount, or allow more `slippage`; `detail` says how much it would lose',
  },
  PRICE_UNAVAILABLE: { status: 422, retryable: false, meaning: 'no price can be derived for a token', remedy: 'the message says which token and why' },
  RATE_LIMITED: { status: 429, retryable: true, meaning: 'too many requests from this client', remedy: 'wait for `retry-after` seconds' },
  INTERNAL: { status: 500, retryable: false, meaning: 'an unexpected error; it has been logged', remedy: 'report it with the `x-request-id`' },
  UPSTREAM_UNAVAILABLE: {
    status: 503,
    otherStatuses: [502],
    retryable: true,
    meaning: 'the chain nodes did not answer in time, or answered with an error (502)',
    remedy: 'retry after `retry-after` seconds',
  },
  NOT_READY: { status: 503, retryable: true, meaning: 'the service has no data for this chain yet', remedy: 'retry after `retry-after` seconds' },
  STREAM_UNAVAILABLE: {
    status: 503,
    retryable: true,
    meaning: 'this replica serves no event stream: an api replica needs REDIS_URL to hear the refresher',
    remedy: 'retry (another replica may serve it); operators: run api replicas with REDIS_URL',
  },
} as const satisfies Record<string, ErrorSpec>

/** Stable, upper-case error codes clients may branch on. */
export type ErrorCode = keyof typeof ERROR_CATALOG

/** Every error code, in the catalog's order (the OpenAPI enum). */
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[]

/** Every status a code may be answered with, its own first. */
export function statusesOf(code: ErrorCode): number[] {
  const spec: ErrorSpec = ERROR_CATALOG[code]
  return [spec.status, ...(spec.otherStatuses ?? [])]
}

/** docs/dapps.md's error table (code, status, meaning, what to do), from the catalog. */
export function errorTable(): string {
  const rows = ERROR_CODES.map((code) => `| \`${code}\` | ${statusesOf(code).join(', ')} | ${ERROR_CATALOG[code].meaning} | ${ERROR_CATALOG[code].remedy} |`)
  return ['| code | status | meaning | what to do |', '|---|---|---|---|', ...rows].join('\n')
}
