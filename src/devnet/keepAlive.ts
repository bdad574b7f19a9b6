import { type Address, createPublicClient, http } from 'viem'
import { priceFeedAbi } from '../../contracts/artifacts/index.js'
import { errorLine } from '../chain/index.js'
import type { DevnetChainManifest } from './manifest.js'
import { senderAt } from './sender.js'

/** Re-post feeds well inside the shortest heartbeat (3600 s). */
const FEED_REFRESH_MS = 10 * 60 * 1000

export interface KeepAliveOptions {
  /** How often every feed's answer is posted again; FEED_REFRESH_MS by default. */
  feedRefreshMs?: number
}

/**
 * Mines a block on every chain each `blockTimeMs` so rewards accrue, and periodically re-posts
 * every feed's answer so prices never go stale in a long-running demo. A chain's refresh sends
 * from the deployer with nonces it counts itself, one after another (viem's writeContract asks
 * the node for the pending nonce on each send, and sends made together collide: "nonce too low",
 * "replacement transaction underpriced"); a chain whose previous refresh is still under way skips
 * its turn. A failure logs one line. Returns the stopper.
 */
export function keepAlive(
  chains: DevnetChainManifest[],
  deployer: Address,
  blockTimeMs: number,
  log: (msg: string) => void,
  options: KeepAliveOptions = {},
): () => void {
  const clients = chains.map((chain) => ({ chain, client: createPublicClient({ transport: http(chain.rpcUrl) }) }))
  const report = (what: string) => (error: unknown) => log(`devnet: ${what} failed: ${errorLine(error, 200)}`)

  const miner = setInterval(() => {
    for (const { chain, client } of clients) {
      void client.request({ method: 'evm_mine' } as never).catch(report(`mining on chain ${chain.chainId}`))
    }
  }, blockTimeMs)

  const refreshing = new Set<number>()
  const refresher = setInterval(() => {
    for (const { chain } of clients) {
      if (refreshing.has(chain.chainId)) continue
      refreshing.add(chain.chainId)
      void refreshFeeds(chain, deployer)
        .catch(report(`feed refresh on chain ${chain.chainId}`))
        .finally(() => refreshing.delete(chain.chainId))
    }
  }, options.feedRefreshMs ?? FEED_REFRESH_MS)

  miner.unref()
  refresher.unref()
  return () => {
    clearInterval(miner)
    clearInterval(refresher)
  }
}

/** Posts every feed's current answer again, which stamps it with the current block time: sent in nonce order, then waited for. */
export async function refreshFeeds(chain: DevnetChainManifest, deployer: Address): Promise<void> {
  const sender = await senderAt(chain.rpcUrl, deployer)
  const rounds = await Promise.all(
    chain.feeds.map((feed) => sender.client.readContract({ address: feed.address, abi: priceFeedAbi, functionName: 'latestRoundData' })),
  )
  for (const [index, feed] of chain.feeds.entries())
    await sender.call(`feed refresh ${feed.address}`, feed.address, { abi: priceFeedAbi, functionName: 'updateAnswer', args: [rounds[index]![1]] })
  await sender.settle()
}
