import Type, { type Static } from 'typebox'
import { ChecksummedAddressSchema, DigitsSchema, HexSchema, WeiQuantitySchema } from './common.js'

const descriptorFields = {
  data: HexSchema,
  gas: Type.Integer({
    minimum: 0,
    description:
      "Gas to provide, times the safety margin (GAS_MARGIN) and rounded up: the node's eth_estimateGas of this call from `from` in the pending block (the next one, where it can land); for a call that needs approvals first, the smallest limit it succeeds with in a simulation after them; for an approval, the gas it used in that simulation plus room for its refund; for a call that pays what accrues (a harvest, a stake, unstake or claim of a reward pool), never less than the smallest limit of the same call a block later (one built where nothing has accrued yet would otherwise carry the gas of its cheap path, a harvest that only records the time, and run out of gas when it lands and has something to pay)",
  }),
  to: Type.String({ ...ChecksummedAddressSchema, description: 'The contract to send to (EIP-55)' }),
  value: Type.Optional(
    Type.String({
      ...WeiQuantitySchema,
      description:
        'Native coin to send, wei as a hex quantity (as eth_sendTransaction takes it); absent when nothing is sent, which every wallet reads as 0 (viem signs a present zero into a transaction nodes refuse)',
    }),
  ),
  chainId: Type.Integer({ description: 'The chain to send it on' }),
  from: Type.String({ ...ChecksummedAddressSchema, description: 'The user who signs and sends it (EIP-55)' }),
  // The fee suggestion, as hex quantities, so that both viem's `walletClient.sendTransaction(descriptor)`
  // and an EIP-1193 provider's `eth_sendTransaction` pay it as served (a wallet that prefixes what
  // it is given with 0x would read a decimal string as another number). The fields say the type:
  // maxFeePerGas for EIP-1559, gasPrice for a chain without a base fee.
  maxFeePerGas: Type.Optional(
    Type.String({
      ...WeiQuantitySchema,
      description:
        "Wei per gas, a hex quantity: twice the base fee of the block after the answer's (x-block-number + 1) plus the tip, room for six full blocks of base fee rises; read at that block or later. Present with maxPriorityFeePerGas on a chain with EIP-1559, where the wallet sends a type-2 transaction",
    }),
  ),
  maxPriorityFeePerGas: Type.Optional(
    Type.String({
      ...WeiQuantitySchema,
      description:
        "Wei per gas, a hex quantity: the median tip of the last 10 blocks that held transactions (eth_feeHistory), else the node's eth_maxPriorityFeePerGas on an idle chain",
    }),
  ),
  gasPrice: Type.Optional(
    Type.String({
      ...WeiQuantitySchema,
      description:
        "Wei per gas on a chain without EIP-1559, a hex quantity: the node's eth_gasPrice. All fee fields are absent when the node gives no fee history: the wallet then asks its own node",
    }),
  ),
}

/** An unsigned transaction a wallet can sign and send as it is. */
export const UnsignedTxSchema = Type.Object(descriptorFields)

/** One call of an EIP-5792 `wallet_sendCalls` batch. */
export const BatchCallSchema = Type.Object({
  to: Type.String({ ...ChecksummedAddressSchema, description: 'The contract to call (EIP-55)' }),
  data: HexSchema,
  value: Type.String({ ...WeiQuantitySchema, description: 'Native coin to send, wei as a hex quantity, as wallet_sendCalls takes it' }),
})

/** One balance change a descriptor's sequence makes for its sender. */
export const BalanceChangeSchema = Type.Object({
  token: Type.Union([Type.String({ ...ChecksummedAddressSchema, description: 'The ERC-20 token (EIP-55)' }), Type.Literal('native')], {
    description: 'The token whose balance changes, or `native` for the chain coin',
  }),
  delta: Type.String({
    pattern: '^-?[1-9][0-9]*$',
    description: 'The change in its lowest denomination: negative for what is spent, positive for what is received',
  }),
  accrues: Type.Optional(
    Type.Literal(true, {
      description:
        'Present on a reward that grows with every block (pending pool rewards, a harvest call reward): `delta` is what the transaction pays at the block of `x-block-number` + 1, a floor for a later block',
    }),
  ),
})

const txDescriptorFields = {
  ...descriptorFields,
  approvals: Type.Optional(
    Type.Array(UnsignedTxSchema, {
      description: 'ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short',
    }),
  ),
  calls: Type.Array(BatchCallSchema, {
    minItems: 1,
    description:
      'The approvals and this transaction, in order, as one batch for a smart wallet: pass them as the `calls` of EIP-5792 `wallet_sendCalls` (the wallet sets the gas and the fees: a call of that batch has no fee fields). Sent one by one they do what `approvals` and this transaction do.',
  }),
  expected: Type.Array(BalanceChangeSchema, {
    description:
      "The sender's balance changes if the approvals and this transaction run now, from one simulation of the whole sequence: tokens spent and received, shares minted or burned, rewards paid, native coin in and out apart from gas. Empty when nothing moves for the sender.",
  }),
}

/**
 * The transaction descriptor of every `tx/...` endpoint (2.1, plus the added fields of DECISIONS).
 * Its examples are the devnet's (see api/openapi/operationExamples.ts), per endpoint.
 */
export const TxDescriptorSchema = Type.Object(txDescriptorFields)

/** Y3/Y4: the descriptor with the zap's price check. */
export const ZapTxDescriptorSchema = Type.Object({
  ...txDescriptorFields,
  priceImpact: Type.Optional(
    Type.Number({
      description:
        "How far below the fair value of its input the zap's swap pays, percent (the pool's fee included): fair prices from the price feeds, or from the pair itself when one of its tokens is priced through it (then `priceImpactNote` says so). A zap whose impact exceeds `slippage` is refused (422 PRICE_IMPACT), and so is one whose pair trades off its fair price by more than ZAP_MAX_DEVIATION_PERCENT (422 PRICE_DEVIATION).",
    }),
  ),
  priceImpactNote: Type.Optional(Type.String({ description: 'Why the impact is measured against the pair itself, or not measured' })),
})

/** A zap-out descriptor: a zap's, with the least its swap may pay. */
export const ZapOutTxDescriptorSchema = Type.Object({
  ...ZapTxDescriptorSchema.properties,
  swapMinimumOut: Type.String({
    ...DigitsSchema,
    description:
      "The least the zap's swap of the pair's other token may pay in tokenOut (lowest denomination) before the zap reverts: the swap as simulated at x-block-number, less `slippage`. The rest of tokenOut comes straight from the removed liquidity, unswapped; `expected` shows the whole amount at that block",
  }),
})

export type UnsignedTx = Static<typeof UnsignedTxSchema>
export type TxDescriptor = Static<typeof TxDescriptorSchema>
export type ZapOutTxDescriptor = Static<typeof ZapOutTxDescriptorSchema>
export type BalanceChange = Static<typeof BalanceChangeSchema>
