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
    "Wei per gas the harvest pays: the next block's base fee plus the tip of `fees` (the median tip of those of the last 10 blocks that held transactions, else the node's eth_maxPriorityFeePerGas: an idle chain's empty blocks say nothing of it)",
  ),
  fees: nullable(
    Type.Object({
      maxFeePerGas: Type.String({ ...DigitsSchema, description: "Wei per gas to offer at most: twice the next block's base fee plus the tip" }),
      maxPriorityFeePerGas: Type.String({ ...DigitsSchema, description: 'Wei per gas of tip' }),
      blockNumber: Type.String({ ...DigitsSchema, description: 'The newest block the fee history covers' }),
    }),
    'What to send the harvest with (EIP-1559); null in an answer from a snapshot older than this field',
  ),
  netProfitUsd: nullable(Type.Number(), 'callRewardUsd minus harvestGas × gasPrice in USD: what harvesting now earns the caller'),
  profitable: Type.Boolean({ description: 'netProfitUsd > 0; false when it cannot be weighed' }),
  note: Type.Optional(Type.String({ description: 'Why a figure is null' })),
})

export const HarvestableListSchema = Type.Array(HarvestableEntrySchema, {
  description: 'Every registered strategy of the chain, most profitable first; those that cannot be weighed last',
})

const apyField = (window: string) =>
  nullable(
    Type.Number(),
    `Percent a year, compounded, from the growth of the price per share over the last ${window} of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state)`,
  )

const apyFromField = (window: string) =>
  nullable(
    Type.Object({
      blockNumber: Type.String({ ...DigitsSchema }),
      timestamp: Type.Integer({ description: 'Seconds since the epoch' }),
      source: Type.Enum(['store', 'node', 'index'], {
        description:
          "Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds",
      }),
    }),
    `The block the ${window} APY is measured from (within 5 % of the window of ${window} back)`,
  )

/** GET /vaults: one registered vault. */
export const VaultEntrySchema = Type.Object({
  address: Type.String({ ...ChecksummedAddressSchema, description: 'The vault (EIP-55)' }),
  chainId: Type.Integer(),
  kind: Type.Enum(['beefy', 'erc4626'], { description: 'The vault family' }),
  name: Type.String({
    description: 'The registry\'s name; else its want\'s: "A-B LP" for a registered LP pair, the symbol for a token, the address when the chain gives neither',
  }),
  want: Type.String({ ...ChecksummedAddressSchema, description: 'The token it takes (Beefy want, ERC-4626 asset)' }),
  wantSymbol: nullable(Type.String(), 'The want\'s symbol ("A-B LP" for a registered LP pair); null when neither the registry nor the chain gives one'),
  wantDecimals: nullable(Type.Integer(), "The want's decimals; null when the chain did not answer"),
  shareDecimals: nullable(Type.Integer(), "The vault share token's decimals; null when the chain did not answer"),
  lpTokens: nullable(
    Type.Object({ token0: Type.String({ ...ChecksummedAddressSchema }), token1: Type.String({ ...ChecksummedAddressSchema }) }),
    'The two tokens of an LP want (a registered pair); null for any other want',
  ),
  strategy: Type.Union([Type.String({ ...ChecksummedAddressSchema }), Type.Null()], { description: 'Its strategy, when registered' }),
  zaps: Type.Array(
    Type.Object({
      address: Type.String({ ...ChecksummedAddressSchema, description: 'The zap (EIP-55)' }),
      defaultTokenIn: Type.String({ ...ChecksummedAddressSchema, description: 'The token zap-in takes when the request names none' }),
    }),
  ),
  pricePerShare: nullable(Type.String({ ...DigitsSchema }), 'Want per share (raw units) scaled by 1e18: total want × 1e18 / share supply'),
  tvl: nullable(Type.Number(), 'USD value of the want the vault holds'),
  lastHarvest: nullable(Type.Integer(), "The strategy's last harvest, seconds since the epoch"),
  apy: Type.Object({ '1d': apyField('day'), '7d': apyField('7 days'), '30d': apyField('30 days') }),
  apyFrom: Type.Object({ '1d': apyFromField('1d'), '7d': apyFromField('7d'), '30d': apyFromField('30d') }),
  notes: Type.Optional(Type.Array(Type.String(), { description: 'Why a figure is null' })),
})

export const VaultListSchema = Type.Array(VaultEntrySchema, {
  description:
    'Every registered vault (of the chain, or of every configured chain). APY over a window uses the price per share at a block 95 % to 105 % of the window back in chain time (recorded, read from the node, or from the event index), never a shorter span: a few minutes of growth compounded over a year would be absurd',
})

export const VaultApyHistoryParamsSchema = Type.Object({ address: AddressSchema }, strict)

export const VaultApyHistorySchema = Type.Object({
  points: Type.Array(
    Type.Object({
      blockNumber: Type.String({ ...DigitsSchema, description: 'The block the point was recorded at' }),
      takenAt: Type.String({ description: 'When it was recorded, ISO 8601' }),
      timestamp: Type.Integer({ description: "The block's timestamp, seconds (chain time: the range and the APY span use it)" }),
      pricePerShare: Type.String({ ...DigitsSchema, description: 'Want per share scaled by 1e18' }),
      apy: nullable(Type.Number(), 'The 1-day APY that led to this point, percent; null without a point a day before'),
    }),
    { description: 'One point per recorded block, oldest first' },
  ),
})
