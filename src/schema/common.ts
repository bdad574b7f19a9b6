import Type from 'typebox'

/** An EVM address in any case; a mixed-case one must carry a valid EIP-55 checksum. */
export const AddressSchema = Type.String({
  format: 'evm-address',
  description: 'EVM address (0x + 40 hex digits); mixed case must be a valid EIP-55 checksum',
  examples: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
})

/** A token amount in the lowest denomination: a decimal string, 0 < amount < 2^256. */
export const AmountSchema = Type.String({
  format: 'uint256',
  description: 'Amount in the token\'s lowest denomination (wei): decimal digits, 0 < amount < 2^256',
  examples: ['1000000000000000000'],
})

/** A chain id as a JSON number or a decimal string (the interface types it both ways). */
export const ChainIdSchema = Type.Union(
  [
    Type.Integer({ minimum: 1, maximum: 4294967295 }),
    Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
  ],
  {
    description: 'Chain id, as a number or a decimal string (1 Ethereum, 56 BNB Smart Chain, 43114 Avalanche C-Chain)',
    'x-rule': 'must be a positive integer chain id, as a number or a decimal string',
    examples: [56],
  },
)

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
