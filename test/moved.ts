import { type Address, erc20Abi, getAddress, parseEventLogs, type TransactionReceipt } from 'viem'

/** What moved of `token` from `from` to `to` in a receipt, by its own Transfer logs: the tests' oracle of what a transaction paid. */
export function moved(receipt: TransactionReceipt, token: Address, from: Address, to: Address): bigint {
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
    .filter((log) => getAddress(log.address) === token && log.args.from === from && log.args.to === to)
    .reduce((sum, log) => sum + log.args.value, 0n)
}
