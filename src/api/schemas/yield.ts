import Type from 'typebox'
import { AddressSchema, AmountSchema, ChainIdSchema, DigitsSchema, HarvestableEntrySchema, VaultInputsSchema, VaultListingSchema } from '../../schema/index.js'

/*
 * Request and answer schemas of Y1–Y9. Their examples are per operation, from the devnet when it
 * runs (api/openapi/operationExamples.ts), so each names a contract that exists.
 */

const strict = { additionalProperties: false } as const

export const VaultParamsSchema = Type.Object({ contractAddress: AddressSchema }, strict)

/** Y1 */
export const DepositBodySchema = Type.Object({ user: AddressSchema, amount: AmountSchema, chainId: ChainIdSchema }, strict)

/** Y2, Y6, Y7 */
export const UserBodySchema = Type.Object({ user: AddressSchema, chainId: ChainIdSchema }, strict)

/** Y3, Y4 */
export const ZapInBodySchema = Type.Object(
  {
    user: AddressSchema,
    tokenInAmount: AmountSchema,
    yieldZapAddress: AddressSchema,
    slippage: Type.Number({
      exclusiveMinimum: 0,
      maximum: 50,
      description: "Maximum slippage of the zap's swap, in percent (0.5 = half a percent)",
      'x-rule': 'must be a percentage number, 0 < slippage <= 50',
    }),
    chainId: ChainIdSchema,
    tokenIn: Type.Optional(Type.String({ ...AddressSchema, description: "Y3 only: the input token; default the zap's registered input token" })),
  },
  strict,
)

/** Zap out */
export const ZapOutBodySchema = Type.Object(
  {
    user: AddressSchema,
    ibtAmount: { ...AmountSchema, description: "Vault shares to burn, lowest denomination (approved to the zap: the answer's `approvals` when needed)" },
    tokenOut: Type.Union([Type.Literal('native'), AddressSchema], {
      description:
        'What to receive: a token of the vault\'s LP pair, or "native" for the native coin (the zap unwraps the wrapped native it pays out, so ask for "native" rather than its address)',
      'x-rule': 'must be "native" or an EVM address (0x + 40 hex digits)',
    }),
    yieldZapAddress: AddressSchema,
    slippage: ZapInBodySchema.properties.slippage,
    chainId: ChainIdSchema,
  },
  strict,
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
  strict,
)

/** Y9 */
export const PendingFeesBodySchema = Type.Object(
  {
    chainId: ChainIdSchema,
    user: Type.Optional(Type.String({ ...AddressSchema, description: 'Optional: the harvester the gas is estimated for' })),
  },
  strict,
)

/** Y8 answer */
export const UserDepositedSchema = Type.Object({
  data: Type.String({ ...DigitsSchema, description: "The user's deposit in the vault's want, lowest denomination (shares × price per full share)" }),
  gas: Type.Integer({ minimum: 0, description: 'Gas of a withdraw-all for this user; 0 when the deposit is 0' }),
  shares: Type.String({ ...DigitsSchema, description: "The user's vault shares" }),
  gasNote: Type.Optional(
    Type.String({ description: 'Present when gas is 0 although there is a deposit: why a withdraw-all would revert now (e.g. the vault is paused)' }),
  ),
})

/** Y9 answer */
export const PendingFeesSchema = Type.Object({
  data: Type.String({ ...DigitsSchema, description: 'Wrapped native coin (wei) the next harvest pays its caller' }),
  gas: Type.Integer({ minimum: 0, description: 'Gas of harvest() on this strategy' }),
})

export const HarvestableListSchema = Type.Array(HarvestableEntrySchema, {
  description: 'Every registered strategy of the chain, most profitable first; those that cannot be weighed last',
})

export const VaultFeesSchema = Type.Record(Type.String({ description: 'The vault (EIP-55)' }), VaultListingSchema.properties.fees, {
  description: "Every registered vault's fees by its address (of a chain, or of every chain), as each /vaults entry gives them",
})

export const VaultListSchema = Type.Array(VaultListingSchema, {
  description:
    'Every registered vault (of the chain, or of every configured chain). APY over a window uses the price per share at a block 95 % to 105 % of the window back in chain time (recorded, read from the node, or from the event index), never a shorter span: a few minutes of growth compounded over a year would be absurd',
})

/** A vault in the path of the reads (`/vaults/{address}`, its history). */
export const VaultAddressParamsSchema = Type.Object({ address: AddressSchema }, strict)

export const VaultDetailSchema = Type.Object(
  { ...VaultListingSchema.properties, inputs: VaultInputsSchema },
  {
    description: "One vault's /vaults entry with the chain values and prices its figures were computed from",
  },
)

export const VaultApyHistorySchema = Type.Object({
  points: Type.Array(
    Type.Object({
      blockNumber: Type.String({ ...DigitsSchema, description: 'The block the point was recorded at' }),
      takenAt: Type.String({ description: 'When it was recorded, ISO 8601' }),
      timestamp: Type.Integer({ description: "The block's timestamp, seconds (chain time: the range and the APY span use it)" }),
      pricePerShare: Type.String({ ...DigitsSchema, description: 'Want per share scaled by 1e18' }),
      apy: Type.Union([Type.Number(), Type.Null()], {
        description: 'The 1-day APY that led to this point, a fraction a year (0.12 = 12 %); null without a point a day before',
      }),
    }),
    { description: 'One point per recorded block, oldest first' },
  ),
})
