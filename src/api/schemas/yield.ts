import Type from 'typebox'
import { AddressSchema, AmountSchema, ChainIdSchema } from '../../schema/index.js'

const strict = { additionalProperties: false } as const

export const VaultParamsSchema = Type.Object({ contractAddress: AddressSchema }, strict)

/** Y1 */
export const DepositBodySchema = Type.Object(
  { user: AddressSchema, amount: AmountSchema, chainId: ChainIdSchema },
  { ...strict, examples: [{ user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '1000000000000000000', chainId: 56 }] },
)

/** Y2, Y6, Y7 */
export const UserBodySchema = Type.Object(
  { user: AddressSchema, chainId: ChainIdSchema },
  { ...strict, examples: [{ user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 56 }] },
)

/** Y3, Y4 */
export const ZapInBodySchema = Type.Object(
  {
    user: AddressSchema,
    tokenInAmount: AmountSchema,
    yieldZapAddress: AddressSchema,
    slippage: Type.Number({
      exclusiveMinimum: 0,
      maximum: 50,
      description: 'Maximum slippage of the zap\'s swap, in percent (0.5 = half a percent)',
      'x-rule': 'must be a percentage number, 0 < slippage <= 50',
    }),
    chainId: ChainIdSchema,
    tokenIn: Type.Optional(Type.String({ ...AddressSchema, description: "Y3 only: the input token; default the zap's registered input token" })),
  },
  {
    ...strict,
    examples: [
      {
        user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        tokenInAmount: '1000000000000000000',
        yieldZapAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        slippage: 1,
        chainId: 56,
      },
    ],
  },
)

/** A Y5 amount: digits, where absent, "" or "0" count as not given. */
function optionalAmount(description: string) {
  return Type.Optional(
    Type.String({
      pattern: '^[0-9]*$',
      description: `${description}; lowest denomination, decimal digits; absent, "" or "0" counts as not given`,
      'x-rule': 'must be a decimal string of digits in the lowest denomination',
    }),
  )
}

/** Y5 */
export const WithdrawBodySchema = Type.Object(
  {
    user: AddressSchema,
    tokenAmount: optionalAmount('Want (underlying) to receive at least; exactly one of tokenAmount and ibtAmount'),
    ibtAmount: optionalAmount('Vault shares (the interest-bearing token) to burn; exactly one of tokenAmount and ibtAmount'),
    chainId: ChainIdSchema,
  },
  { ...strict, examples: [{ user: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', tokenAmount: '500000000000000000', chainId: 56 }] },
)

/** Y9 */
export const PendingFeesBodySchema = Type.Object(
  {
    chainId: ChainIdSchema,
    user: Type.Optional(Type.String({ ...AddressSchema, description: 'Optional: the harvester the gas is estimated for' })),
  },
  { ...strict, examples: [{ chainId: 56 }] },
)

/** Y8 answer */
export const UserDepositedSchema = Type.Object(
  {
    data: Type.String({ pattern: '^[0-9]+$', description: "The user's deposit in the vault's want, lowest denomination (shares × price per full share)" }),
    gas: Type.Integer({ minimum: 0, description: 'Gas of a withdraw-all for this user; 0 when the deposit is 0' }),
    shares: Type.String({ pattern: '^[0-9]+$', description: "The user's vault shares" }),
    gasNote: Type.Optional(
      Type.String({ description: 'Present when gas is 0 although there is a deposit: why a withdraw-all would revert now (e.g. the vault is paused)' }),
    ),
  },
  { examples: [{ data: '1020000000000000000', gas: 120000, shares: '1000000000000000000' }] },
)

/** Y9 answer */
export const PendingFeesSchema = Type.Object(
  {
    data: Type.String({ pattern: '^[0-9]+$', description: 'Wrapped native coin (wei) the next harvest pays its caller' }),
    gas: Type.Integer({ minimum: 0, description: 'Gas of harvest() on this strategy' }),
  },
  { examples: [{ data: '1250000000000000', gas: 310000 }] },
)
