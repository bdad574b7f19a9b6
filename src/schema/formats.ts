import { isEvmAddress } from './address.js'

/** 2^256: every on-chain amount is strictly below it. */
const UINT256_LIMIT = 1n << 256n

/**
 * The string formats every schema of the service may use, with the rule each enforces and the
 * sentence a client reads when it fails. One table serves the HTTP validator, the config and the
 * registry, so a rule is written once.
 */
export const formats = {
  'evm-address': {
    check: isEvmAddress,
    message: 'must be a 0x-prefixed 20-byte hex address; a mixed-case address must carry a valid EIP-55 checksum',
    code: 'INVALID_ADDRESS',
    example: '"0x5FbDB2315678afecb367f032d93F642f64180aa3"',
  },
  uint256: {
    check: (value: string) => /^[0-9]{1,78}$/.test(value) && BigInt(value) > 0n && BigInt(value) < UINT256_LIMIT,
    message: 'must be a decimal string of digits in the lowest denomination, greater than 0 and below 2^256 (no sign, decimal point, exponent or hex)',
    code: 'INVALID_AMOUNT',
    // A JSON number past 2^53 arrives rounded: an amount in wei almost always is.
    example: '"1500000000000000000" for 1.5 tokens of 18 decimals (a JSON number loses the digits past 2^53)',
  },
  'http-url': {
    check: (value: string) => {
      try {
        const url = new URL(value)
        return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:'
      } catch {
        return false
      }
    },
    message: 'must be an http(s) or ws(s) URL',
    code: 'INVALID_URL',
    example: '"https://rpc.example.org"',
  },
  timestamp: {
    check: (value: string) => parseTimestamp(value) !== undefined,
    message: 'must be an ISO 8601 date-time (2026-11-21T10:00:00Z) or milliseconds since the epoch',
    code: 'INVALID_REQUEST',
    example: '"2026-11-21T10:00:00Z"',
  },
} as const satisfies Record<string, { check: (value: string) => boolean; message: string; code: string; example: string }>

export type FormatName = keyof typeof formats

/** An ISO 8601 date-time or a count of milliseconds since the epoch, as ms; undefined when neither. */
export function parseTimestamp(value: string): number | undefined {
  if (/^[0-9]{1,15}$/.test(value)) return Number(value)
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(value)) return undefined
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : ms
}
