import { afterReceipt, createApiClient } from '@defi-vault-api/client'
import { createPublicClient, createWalletClient, http, type Address, type Hex, type TransactionReceipt } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * Builds a vault deposit with the API and sends it from the account of `privateKey`: the
 * approvals it asks for first, then the deposit, each with the gas the API measured.
 * Returns the hash of the deposit and the user's positions read at its block or later. Amounts are
 * strings of wei (the want token's lowest unit).
 */
export async function deposit(input: { api: string; rpc: string; privateKey: Hex; vault: Address; amount: string; chainId: number }) {
  const api = createApiClient(input.api)
  const account = privateKeyToAccount(input.privateKey)
  const wallet = createWalletClient({ account, transport: http(input.rpc) })
  const chain = createPublicClient({ transport: http(input.rpc) })

  const { data: tx, error } = await api.POST('/yield/{contractAddress}/tx/deposit', {
    params: { path: { contractAddress: input.vault } },
    body: { user: account.address, amount: input.amount, chainId: input.chainId },
  })
  if (error) throw new Error(`${error.code}: ${error.detail}`) // problem+json, typed: error.code is a union of the codes

  let receipt: TransactionReceipt | undefined
  for (const step of [...(tx.approvals ?? []), tx]) {
    // to and data are typed `0x${string}`: no cast between the API and viem.
    // Quantities are hex strings, as eth_sendTransaction takes them; viem's types ask for bigints.
    const fees = step.maxFeePerGas ? { maxFeePerGas: BigInt(step.maxFeePerGas), maxPriorityFeePerGas: BigInt(step.maxPriorityFeePerGas!) } : {}
    const hash = await wallet.sendTransaction({ chain: null, to: step.to, data: step.data, value: BigInt(step.value ?? 0), gas: BigInt(step.gas), ...fees })
    receipt = await chain.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
  }

  // The positions as of the deposit's block or later: the deposit is in them, however the service lags.
  const { data: positions } = await api.GET('/users/{address}/positions', {
    params: { path: { address: account.address }, query: { chain: input.chainId } },
    ...afterReceipt(receipt!),
  })
  return { hash: receipt!.transactionHash, positions: positions?.positions ?? [] }
}
