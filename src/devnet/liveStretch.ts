import { type Address, toHex } from 'viem'
import { priceFeedAbi, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import type { DevnetChainManifest } from './manifest.js'
import type { Sender } from './sender.js'

const DAY = 86_400
const HOUR = 3_600
/** How long before now the most recent demo harvest happened: a bot finds that strategy not yet due. */
const NEWEST_HARVEST_AGO = 15 * 60
/** Feeds are posted again this often, inside the shortest heartbeat (an hour). */
const FEED_REPOST_SECONDS = 50 * 60
/** The last block's post is left out while every feed's answer is younger than this (the keep-alive miner posts them this often). */
const FEED_FRESH_SECONDS = 10 * 60

/**
 * Mines a chain from its head up to `now` (seconds) as a live farm's days go: every feed posted
 * again each 50 minutes and at `now` (unless every answer is younger than 10 minutes); each strategy harvested once a day at its own hour, the
 * oldest 23 hours before `now` and the newest 15 minutes before it (a bot finds one not yet due
 * and the others due); from `denseFrom` on, an empty block every `blockSeconds` between them, the
 * chain's live cadence (before it, the feeds' blocks alone: anvil spends several ms a block). The
 * deployer's automine must be off; what it sends is mined here, each event's transactions in the
 * next block of the cadence.
 */
export async function liveStretch(
  deployer: Sender,
  manifest: DevnetChainManifest,
  options: { now: number; blockSeconds: number; denseFrom: number },
): Promise<void> {
  const { now, blockSeconds, denseFrom } = options
  const strategies = manifest.vaults.flatMap((vault) => (vault.strategy ? [vault.strategy] : []))
  const feeds = await feedPoster(deployer, manifest)
  const latest = async () => Number((await deployer.client.getBlock()).timestamp)
  const from = await latest()

  const events: { at: number; run: () => Promise<void> }[] = []
  const spread = strategies.length > 1 ? (23 * HOUR - NEWEST_HARVEST_AGO) / (strategies.length - 1) : 0
  for (const [index, strategy] of strategies.entries())
    for (let at = now - 23 * HOUR + Math.round(index * spread); at > from; at -= DAY) events.push({ at, run: () => harvest(deployer, strategy) })
  for (let at = from + FEED_REPOST_SECONDS; at < now; at += FEED_REPOST_SECONDS) events.push({ at, run: feeds.post })
  const reposted = now - from >= FEED_REPOST_SECONDS
  events.push({ at: now, run: reposted || now - feeds.oldestUpdate > FEED_FRESH_SECONDS ? feeds.post : async () => {} })
  events.sort((a, b) => a.at - b.at)

  for (const event of events) {
    const last = await latest()
    // Empty blocks every blockSeconds up to the event (from denseFrom on), whose transactions take the next block of the same cadence.
    const start = Math.max(last, denseFrom)
    const blocks = Math.round((event.at - start) / blockSeconds) - 1
    if (blocks > 0) {
      // Its first block too: anvil would otherwise stamp it by the wall clock since the last one.
      await deployer.rpc('evm_setNextBlockTimestamp', [toHex(start + blockSeconds)])
      await deployer.rpc('anvil_mine', [toHex(blocks), toHex(blockSeconds)])
    }
    await event.run()
    const previous = await latest()
    await deployer.mineQueued(event.at >= denseFrom ? previous + blockSeconds : Math.max(previous + 1, event.at))
    await deployer.settle()
  }
}

/**
 * `post` queues a post of every feed's answer as it reads now, stamped with the block that mines
 * it; `oldestUpdate` is when the stalest of them was last posted (seconds).
 */
export async function feedPoster(deployer: Sender, manifest: DevnetChainManifest): Promise<{ post: () => Promise<void>; oldestUpdate: number }> {
  const rounds = await Promise.all(
    manifest.feeds.map((feed) => deployer.client.readContract({ address: feed.address, abi: priceFeedAbi, functionName: 'latestRoundData' })),
  )
  return {
    post: async () => {
      for (const [index, feed] of manifest.feeds.entries())
        await deployer.call('feed', feed.address, { abi: priceFeedAbi, functionName: 'updateAnswer', args: [rounds[index]![1]] })
    },
    oldestUpdate: Math.min(...rounds.map((round) => Number(round[3]))),
  }
}

/** Queues a harvest of `strategy`. */
export function harvest(deployer: Sender, strategy: Address): Promise<void> {
  return deployer.call('harvest', strategy, { abi: strategyFarmAbi, functionName: 'harvest' })
}
