import Type from 'typebox'
import { AddressSchema, AmountSchema, ChainIdSchema, ChecksummedAddressSchema, DigitsSchema } from '../../schema/index.js'

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

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description })

/** GET /harvestable: one registered strategy's next harvest, weighed. */
export const HarvestableEntrySchema = Type.Object({
  strategy: Type.String({ ...ChecksummedAddressSchema, description: 'The strategy (EIP-55)' }),
  vault: Type.String({ ...ChecksummedAddressSchema, description: 'Its vault (EIP-55)' }),
  callReward: nullable(Type.String({ ...DigitsSchema }), "Wrapped native coin (wei) the next harvest pays its caller, read at the answer's block"),
  callRewardUsd: nullable(Type.Number(), 'callReward in USD, at the wrapped native price'),
  harvestGas: nullable(Type.Integer({ minimum: 0 }), 'Gas of harvest() from a plain address, estimated every few blocks (not per request)'),
  gasPrice: nullable(
    Type.String({ ...DigitsSchema }),
    'Wei per gas: the next block base fee plus the median priority fee of the last 10 blocks (eth_feeHistory)',
  ),
  netProfitUsd: nullable(Type.Number(), 'callRewardUsd minus harvestGas × gasPrice in USD: what harvesting now earns the caller'),
  profitable: Type.Boolean({ description: 'netProfitUsd > 0; false when it cannot be weighed' }),
  note: Type.Optional(Type.String({ description: 'Why a figure is null' })),
})

export const HarvestableListSchema = Type.Array(HarvestableEntrySchema, {
  description: 'Every registered strategy of the chain, most profitable first; those that cannot be weighed last',
})
