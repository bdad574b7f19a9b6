import { type Address, erc20Abi } from 'viem'
import { eventDecoder } from '../events/index.js'

/** ERC-20 `Transfer` as an action of its sender: a mint comes from the zero address, a burn goes to it. */
export const transferEvents = eventDecoder(erc20Abi, {
  Transfer: ({ from, to, value }) => ({ action: 'transfer', account: from as Address, counterparty: to as Address, amount: value as bigint }),
})
