import Type, { type Static } from 'typebox'

const HexSchema = Type.String({ pattern: '^0x([0-9a-fA-F]{2})*$', description: 'Call data, 0x-prefixed hex' })

const descriptorFields = {
  data: HexSchema,
  gas: Type.Integer({ minimum: 0, description: 'Gas to provide: the estimate (or simulation) times the safety margin, rounded up' }),
  to: Type.String({ description: 'The contract to send to (EIP-55)' }),
  value: Type.String({ pattern: '^[0-9]+$', description: 'Native coin to send, wei as a decimal string' }),
  chainId: Type.Integer(),
  from: Type.String({ description: 'The user who signs and sends it (EIP-55)' }),
}

/** An unsigned transaction a wallet can sign and send as it is. */
export const UnsignedTxSchema = Type.Object(descriptorFields)

/** The transaction descriptor of every `tx/...` endpoint (2.1, plus the added fields of DECISIONS). */
export const TxDescriptorSchema = Type.Object(
  {
    ...descriptorFields,
    approvals: Type.Optional(
      Type.Array(UnsignedTxSchema, {
        description: 'ERC-20 approvals to send, in order, before this transaction; present only when the allowance falls short',
      }),
    ),
  },
  {
    examples: [
      {
        data: '0xb6b55f250000000000000000000000000000000000000000000000000de0b6b3a7640000',
        gas: 190000,
        to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        value: '0',
        chainId: 56,
        from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      },
    ],
  },
)

export type UnsignedTx = Static<typeof UnsignedTxSchema>
export type TxDescriptor = Static<typeof TxDescriptorSchema>
