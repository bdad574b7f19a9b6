import { type Block, createPublicClient, type Hex, http, keccak256, type PublicClient, serializeTransaction, toHex, type Transaction } from 'viem'
import { MULTICALL3_ADDRESS } from '../src/chain/index.js'
import { anvilAccounts, startAnvil } from '../src/devnet/index.js'

/** A chain's past re-executed on an archive node of the test's own. */
export interface ReplayedChain {
  /** Reads of the replayed chain: any block up to the one replayed to has its state. */
  client: PublicClient
  stop(): Promise<void>
}

/**
 * An archive copy of `original`'s blocks 1 to `upTo`, for reads at blocks whose state a pruned node
 * (a laid past loaded from its dump) no longer holds: a fresh anvil of the same chain id and genesis
 * time mines each block again at its own timestamp with the same signed transactions in the same
 * order (the hash of each one sent again must be the original's). The deployment's direct state
 * edits (a sender's first nonce and its coin, Multicall3's code) are set before the first block.
 * Every block's receipts root (each transaction's status, gas and logs) must equal the original's,
 * so the replayed state is the one the original chain had at every block; none of the service's code.
 */
export async function replayedChain(original: PublicClient, chainId: number, upTo: bigint): Promise<ReplayedChain> {
  const blocks: Block<bigint, true>[] = []
  for (let from = 1n; from <= upTo; from += 64n) {
    const numbers = Array.from({ length: Number(upTo - from + 1n < 64n ? upTo - from + 1n : 64n) }, (_, index) => from + BigInt(index))
    blocks.push(...(await Promise.all(numbers.map((blockNumber) => original.getBlock({ blockNumber, includeTransactions: true })))))
  }
  const genesis = await original.getBlock({ blockNumber: 0n })
  const anvil = await startAnvil(chainId, anvilAccounts().length, ['--timestamp', String(genesis.timestamp), '--no-mining', '--order', 'fifo'])
  const client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient
  const rpc = (method: string, params: unknown[]) => client.request({ method, params } as never) as Promise<unknown>
  try {
    await rpc('anvil_setCode', [MULTICALL3_ADDRESS, await original.getCode({ address: MULTICALL3_ADDRESS, blockNumber: upTo })])
    const senders = new Map<Hex, number>()
    for (const transaction of blocks.flatMap((block) => block.transactions))
      if (!senders.has(transaction.from)) senders.set(transaction.from, transaction.nonce)
    for (const [sender, nonce] of senders) {
      await rpc('anvil_setBalance', [sender, toHex(10n ** 30n)])
      await rpc('anvil_setNonce', [sender, toHex(nonce)])
    }
    const diverged: string[] = []
    for (const block of blocks) {
      await rpc('evm_setNextBlockTimestamp', [toHex(block.timestamp)])
      for (const transaction of block.transactions) {
        const raw = signed(transaction)
        if (keccak256(raw) !== transaction.hash) throw new Error(`transaction ${transaction.hash} re-encodes to ${keccak256(raw)}`)
        await rpc('eth_sendRawTransaction', [raw])
      }
      await rpc('evm_mine', [])
      const replayed = await client.getBlock({ blockNumber: block.number! })
      if (replayed.receiptsRoot !== block.receiptsRoot || replayed.timestamp !== block.timestamp)
        diverged.push(
          `block ${block.number}: receipts root ${replayed.receiptsRoot} (original ${block.receiptsRoot}), timestamp ${replayed.timestamp} (${block.timestamp})`,
        )
    }
    if (diverged.length > 0) throw new Error(`the replay diverged from the original chain:\n${diverged.slice(0, 5).join('\n')}`)
  } catch (error) {
    await anvil.stop()
    throw error
  }
  return { client, stop: anvil.stop }
}

/** The signed bytes of `transaction` as the original chain took them. */
function signed(transaction: Transaction): Hex {
  const { r, s, v, yParity, input } = transaction
  return serializeTransaction(
    { ...transaction, data: input } as never,
    { r, s, ...(v !== undefined && { v }), ...(yParity !== undefined && { yParity }) } as never,
  )
}
