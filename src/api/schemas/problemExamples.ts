import { ERROR_CATALOG, type ErrorCode } from '../../errors/index.js'

/** The problem type URI of a code: one per code, as the error funnel names it. */
export function problemTypeOf(code: ErrorCode): string {
  return `https://errors.defi-vault-api.dev/${code.toLowerCase().replaceAll('_', '-')}`
}

const ADDRESS_RULE = 'must be a 0x-prefixed 20-byte hex address; a mixed-case address must carry a valid EIP-55 checksum'
const AMOUNT_RULE = 'must be a decimal string of digits in the lowest denomination, greater than 0 and below 2^256 (no sign, decimal point, exponent or hex)'

/** What a sample answer of a code says beyond its catalog entry: a typical detail and the fields it carries. */
const samples: Partial<Record<ErrorCode, { detail: string; [field: string]: unknown }>> = {
  INVALID_REQUEST: { detail: '/body/user is required', errors: [{ path: '/body/user', message: 'is required' }] },
  INVALID_ADDRESS: { detail: `/body/user ${ADDRESS_RULE}`, errors: [{ path: '/body/user', message: ADDRESS_RULE }] },
  INVALID_AMOUNT: { detail: `/body/amount ${AMOUNT_RULE}`, errors: [{ path: '/body/amount', message: AMOUNT_RULE }] },
  INVALID_JSON: { detail: "the body is not valid JSON: Expected ',' or '}' after property value in JSON at position 52" },
  PAYLOAD_TOO_LARGE: { detail: 'the request body is larger than 16 KiB' },
  UNSUPPORTED_MEDIA_TYPE: { detail: 'content type "text/plain" is not supported; send the body as application/json' },
  UNSUPPORTED_CHAIN: {
    detail: 'chain 137 is not configured; configured chains: 1, 56, 43114',
    errors: [{ path: '/body/chainId', message: 'must be one of the configured chains: 1, 56, 43114' }],
  },
  VAULT_NOT_FOUND: { detail: 'no vault 0x5FbDB2315678afecb367f032d93F642f64180aa3 is registered on chain 56' },
  STRATEGY_NOT_FOUND: { detail: 'no strategy 0x5FbDB2315678afecb367f032d93F642f64180aa3 is registered on chain 56' },
  ZAP_NOT_FOUND: { detail: 'no zap 0x5FbDB2315678afecb367f032d93F642f64180aa3 is registered on chain 56' },
  POOL_NOT_FOUND: { detail: 'no reward pool 0x5FbDB2315678afecb367f032d93F642f64180aa3 is registered on chain 56' },
  TOKEN_NOT_FOUND: { detail: '0x5FbDB2315678afecb367f032d93F642f64180aa3 is not a registered LP token on chain 56' },
  EXECUTION_REVERTED: {
    detail: 'unstake would revert on chain 56: the stake is locked until block 1042',
    revert: { name: 'UnstakeLocked', args: ['1042'], message: 'UnstakeLocked(1042)' },
  },
  NOTHING_TO_DO: { detail: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8 holds no want of this vault on chain 56: there is nothing to deposit' },
  INSUFFICIENT_FUNDS: { detail: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8 holds 0.5 of the 1.0 YLD the deposit needs on chain 56' },
  PRICE_UNAVAILABLE: { detail: 'no price for 0x5FbDB2315678afecb367f032d93F642f64180aa3 on chain 56: its feed is older than its heartbeat' },
  RATE_LIMITED: { detail: 'more than 600 requests in 1 minute from this address; slow down', retryAfterSeconds: 42 },
  UPSTREAM_UNAVAILABLE: { detail: 'the node of chain 56 did not answer the deposit request; try again shortly', retryAfterSeconds: 5 },
  NOT_READY: { detail: 'no node of chain 56 has answered lately', retryAfterSeconds: 5 },
  NOT_FOUND: { detail: 'the embedded devnet is not running: this service serves configured chains' },
}

/** A sample problem+json body of `code` answered with `status` (titled `title`), for the document. */
export function problemExample(code: ErrorCode, status: number, title: string) {
  const { detail, ...fields } = samples[code] ?? { detail: ERROR_CATALOG[code].meaning }
  return {
    type: problemTypeOf(code),
    title,
    status,
    detail,
    code,
    requestId: '7d0f6b9e-3c1a-4e0b-9a57-2f4c8e61d3b2',
    ...fields,
  }
}
