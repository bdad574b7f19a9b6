import Type from 'typebox'
import { formats } from './formats.js'

/** An address as the document states it, so a generated client types it `0x${string}`. */
const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$'

/**
 * An EVM address in any case; a mixed-case one must carry a valid EIP-55 checksum. The pattern
 * states the form in the document; the format checks the checksum. Both failing say the one
 * sentence of the format (`x-rule`), so a client reads one message per bad address.
 */
export const AddressSchema = Type.String({
  format: 'evm-address',
  pattern: ADDRESS_PATTERN,
  'x-rule': formats['evm-address'].message,
  description: 'EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum',
})

/** An address the service answers with: always EIP-55 checksummed. */
export const ChecksummedAddressSchema = Type.String({ pattern: ADDRESS_PATTERN, description: 'EVM address, EIP-55 checksummed' })

/** Hex bytes (call data): 0x and an even number of hex digits. */
export const HexSchema = Type.String({ pattern: '^0x([0-9a-fA-F]{2})*$', description: 'Call data, 0x-prefixed hex' })

/** Wei as a JSON-RPC quantity (EIP-1474): 0x and lower-case hex digits without leading zeros, as wallets take it. */
export const WeiQuantitySchema = Type.String({ pattern: '^0x(0|[1-9a-f][0-9a-f]*)$' })

/** A whole number too large for a JSON number (wei, shares, block numbers): decimal digits. */
export const DigitsSchema = Type.String({ pattern: '^[0-9]+$' })

/** A token amount in the lowest denomination: a decimal string, 0 < amount < 2^256. */
export const AmountSchema = Type.String({
  format: 'uint256',
  description: "Amount in the token's lowest denomination (wei): decimal digits, 0 < amount < 2^256",
  examples: ['1000000000000000000'],
})

/** A chain id as a JSON number or a decimal string (the interface types it both ways). */
export const ChainIdSchema = Type.Union([Type.Integer({ minimum: 1, maximum: 4294967295 }), Type.String({ pattern: '^[1-9][0-9]{0,9}$' })], {
  description: 'Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain)',
  'x-rule': 'must be a positive integer chain id, as a number or a decimal string',
  examples: [56],
})

/** A chain id in a query string. */
export const ChainQuerySchema = Type.Integer({
  minimum: 1,
  maximum: 4294967295,
  description: 'Chain id (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain)',
  'x-rule': 'must be a positive integer chain id',
  examples: [56],
})

/** Turns an accepted chain id (number or decimal string) into a number. */
export function toChainId(value: number | string): number {
  return typeof value === 'number' ? value : Number(value)
}
