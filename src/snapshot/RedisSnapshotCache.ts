import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { decodeSnapshot, encodeSnapshot, type ChainSnapshot } from '../chain-snapshot/index.js'
import { MemorySnapshotCache } from './SnapshotCache.js'

/**
 * The snapshot cache shared by every replica through Redis: the latest snapshot of each chain
 * under `<prefix>snapshot:<chainId>`, announced on `<prefix>snapshots` (`<chainId>`), and the last
 * confirmation that it is still current under `<prefix>confirmed:<chainId>`, announced as
 * `<chainId>:<block>:<takenAt>`. Each process keeps a local copy, updated on every
 * announcement, so reads never touch Redis. When Redis is down the
 * process goes on with its local copy (logged once) and catches up when it returns.
 */
export class RedisSnapshotCache extends MemorySnapshotCache {
  private warned = false
  /**
   * The text of the last snapshot this process published, per chain: the announcement of it
   * comes back to this process too, and decoding the snapshot it already holds (about 2 MB with a
   * thousand vaults and pools) cost the refresher some 20 ms a block.
   */
  private readonly published = new Map<number, string>()

  private constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {
    super()
  }

  /** Connects, loads the latest snapshot of each chain and follows the announcements. */
  static async open(redis: Redis, subscriber: Redis, prefix: string, chainIds: readonly number[], log: Logger): Promise<RedisSnapshotCache> {
    const cache = new RedisSnapshotCache(redis, subscriber, prefix, log)
    subscriber.on('message', (_channel: string, message: string) => cache.hear(message))
    // Connection errors surface through the main client's warning; this one only reconnects.
    subscriber.on('error', () => undefined)
    // Subscribe whenever the connection is (again) ready; on a return, catch up on what was missed.
    const follow = () => {
      subscriber.subscribe(`${prefix}snapshots`).catch((error: unknown) => cache.warnOnce(error))
      void Promise.all(chainIds.map((chainId) => cache.load(chainId)))
    }
    subscriber.on('ready', follow)
    if (subscriber.status === 'ready') follow()
    await Promise.all(chainIds.map((chainId) => cache.load(chainId)))
    return cache
  }

  override async publish(snapshot: ChainSnapshot): Promise<void> {
    if (!this.keep(snapshot)) return
    try {
      const text = encodeSnapshot(snapshot)
      this.published.set(snapshot.chainId, text)
      await this.redis.set(`${this.prefix}snapshot:${snapshot.chainId}`, text)
      await this.redis.publish(`${this.prefix}snapshots`, String(snapshot.chainId))
      this.warned = false
    } catch (error) {
      this.warnOnce(error)
    }
  }

  override async confirm(chainId: number, blockNumber: bigint, takenAt: number): Promise<void> {
    if (!this.confirmHere(chainId, blockNumber, takenAt)) return
    const confirmation = `${chainId}:${blockNumber}:${takenAt}`
    try {
      await this.redis.set(`${this.prefix}confirmed:${chainId}`, confirmation)
      await this.redis.publish(`${this.prefix}snapshots`, confirmation)
    } catch (error) {
      this.warnOnce(error)
    }
  }

  /** An announcement: a new snapshot (`<chainId>`) or a confirmation (`<chainId>:<block>:<takenAt>`). */
  private hear(message: string): void {
    const [chainId, block, takenAt] = message.split(':')
    if (block !== undefined && takenAt !== undefined && this.confirmHere(Number(chainId), BigInt(block), Number(takenAt))) return
    void this.load(Number(chainId))
  }

  /** Reads the chain's snapshot and its last confirmation in one round trip. */
  private async load(chainId: number): Promise<void> {
    try {
      const [text, confirmation] = await this.redis.mget(`${this.prefix}snapshot:${chainId}`, `${this.prefix}confirmed:${chainId}`)
      if (!text) return
      // Its own snapshot, announced back to it, is the one it holds already (or a newer one).
      if (text !== this.published.get(chainId)) this.keep(decodeSnapshot(text))
      const [, block, takenAt] = (confirmation ?? '').split(':')
      if (block !== undefined && takenAt !== undefined) this.confirmHere(chainId, BigInt(block), Number(takenAt))
    } catch (error) {
      this.warnOnce(error)
    }
  }

  private warnOnce(error: unknown): void {
    if (this.warned) return
    this.warned = true
    this.log.warn({ err: error }, 'redis unavailable: snapshots stay in this process until it returns')
  }

  override async close(): Promise<void> {
    this.subscriber.disconnect()
  }
}
