import { setTimeout as sleep } from 'node:timers/promises'
import { type Hash, type PublicClient, type TransactionReceipt, TransactionReceiptNotFoundError, WaitForTransactionReceiptTimeoutError } from 'viem'

/** How often the receipt is asked for, ms: a local node answers in well under that. */
const POLL_MS = 20

/**
 * The receipt of a transaction sent to a local node, asked for until it is there: reverted or not,
 * as mined. Throws viem's `WaitForTransactionReceiptTimeoutError` after `timeoutMs`.
 *
 * viem's `waitForTransactionReceipt` asks again only on a new block. anvil answers a send before it
 * mines, and for a moment shows the transaction in its block without its receipt: a wait that
 * looks then sees no later block on an automining chain left idle, and waits out its timeout.
 */
export async function minedReceipt(client: PublicClient, hash: Hash, timeoutMs = 30_000): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined
      throw error
    })
    if (receipt !== undefined) return receipt
    if (Date.now() >= deadline) throw new WaitForTransactionReceiptTimeoutError({ hash })
    await sleep(POLL_MS)
  }
}
