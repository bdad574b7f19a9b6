import { type Address, createWalletClient, http, publicActions } from 'viem'
import { priceFeedAbi } from '../../contracts/artifacts/index.js'
import type { DevnetChainManifest } from './manifest.js'

/** Re-post feeds well inside the shortest heartbeat (3600 s). */
const FEED_REFRESH_MS = 10 * 60 * 1000

function clientFor(rpcUrl: string, deployer: Address) {
  return createWalletClient({ account: deployer, transport: http(rpcUrl) }).extend(publicActions)
}

/**
 * Mines a block on every chain each `blockTimeMs` so rewards accrue, and periodically re-posts
 * every feed's answer so prices never go stale in a long-running demo. Returns the stopper.
 */
export function keepAlive(chains: DevnetChainManifest[], deployer: Address, blockTimeMs: number, log: (msg: string) => void): () => void {
  const clients = chains.map((chain) => ({ chain, client: clientFor(chain.rpcUrl, deployer) }))
  const report = (what: string) => (err: unknown) => log(`devnet: ${what} failed: ${String(err)}`)

  const miner = setInterval(() => {
    for (const { client } of clients) {
      void client.request({ method: 'evm_mine' } as never).catch(report('evm_mine'))
    }
  }, blockTimeMs)

  const refresher = setInterval(() => {
    for (const { chain, client } of clients) {
      for (const feed of chain.feeds) {
        void refreshFeed(client, feed.address).catch(report(`feed refresh ${feed.address}`))
      }
    }
  }, FEED_REFRESH_MS)

  miner.unref()
  refresher.unref()
  return () => {
    clearInterval(miner)
    clearInterval(refresher)
  }
}

/** Posts the feed's current answer again, which stamps it with the current block time. */
async function refreshFeed(client: ReturnType<typeof clientFor>, feed: Address): Promise<void> {
  const [, answer] = await client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'latestRoundData' })
  await client.writeContract({ address: feed, abi: priceFeedAbi, functionName: 'updateAnswer', args: [answer], chain: null })
}
