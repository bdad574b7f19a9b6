import Type, { type Static } from 'typebox'
import { ChecksummedAddressSchema, DigitsSchema, HexSchema } from './common.js'

const descriptorFields = {
  data: HexSchema,
  gas: Type.Integer({ minimum: 0, description: 'Gas to provide: the estimate (or simulation) times the safety margin, rounded up' }),
  to: Type.String({ ...ChecksummedAddressSchema, description: 'The contract to send to (EIP-55)' }),
  value: Type.String({ ...DigitsSchema, description: 'Native coin to send, wei as a decimal string' }),
  chainId: Type.Integer({ description: 'The chain to send it on' }),
  from: Type.String({ ...ChecksummedAddressSchema, description: 'The user who signs and sends it (EIP-55)' }),
}

/** An unsigned transaction a wallet can sign and send as it is. */
export const UnsignedTxSchema = Type.Object(descriptorFields)

/**
 * The transaction descriptor of every `tx/...` endpoint (2.1, plus the added fields of DECISIONS).
 * Its examples are the devnet's (see api/openapi/operationExamples.ts), per endpoint.
 */
export const TxDescriptorSchema = Type.Object({
  ...descriptorFields,
  approvals: Type.Optional(
    Type.Array(UnsignedTxSchema, {
      description: 'ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short',
    }),
  ),
})

export type UnsignedTx = Static<typeof UnsignedTxSchema>
export type TxDescriptor = Static<typeof TxDescriptorSchema>
