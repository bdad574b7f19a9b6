import { randomUUID } from 'node:crypto'
import type { ChainableCommander, Redis } from 'ioredis'
import type { Logger } from 'pino'
import { applySnapshotPatch, decodeSnapshot, encodeSnapshot, encodeSnapshotPatch, type ChainSnapshot } from '../chain-snapshot/index.js'
import { MemorySnapshotCache } from './SnapshotCache.js'

/** Patches after which the whole snapshot is written again, so a replica that starts applies at most this many. */
const WHOLE_EVERY_PATCHES = 64
/** How long after the patch that calls for it the whole snapshot is written, ms: between blocks, not on one's path. */
const WHOLE_DELAY_MS = 50

/**
 * How a snapshot came in: a heard patch applied to the one held, the patch list read after a
 * missed announcement, or the whole snapshot read (at start, or when the list no longer holds the
 * snapshot held: 1.9 MB to read and parse with 1,000 vaults and 1,000 reward pools).
 */
export type SnapshotArrival = 'patch' | 'patches' | 'whole'

/**
 * The snapshot cache shared by every replica through Redis. Each snapshot has a version
 * (`<publisher>.<count>`); a new one goes out as a patch of the last (snapshotPatch: a followed
 * block's few changed entries, not the registry's 1.9 MB), announced on `<prefix>snapshots` as
 * `<chainId>+<base version> <version>\n<patch>` and appended to `<prefix>snapshotPatches:<chainId>`.
 * The whole snapshot lies under `<prefix>snapshot:<chainId>` (its version under
 * `<prefix>snapshotVersion:<chainId>`): written at a publisher's first snapshot (announced as
 * `<chainId>`), after a failed publish, and every WHOLE_EVERY_PATCHES patches, when the list is cut
 * to the patches after it. A replica applies a patch to the snapshot it holds when that is the
 * patch's base, and otherwise (it missed one, or just started) reads the whole snapshot and the
 * patches after it. The last confirmation that the snapshot is still current lies under
 * `<prefix>confirmed:<chainId>`, announced as `<chainId>:<block>:<takenAt>`. Each process keeps a
 * local copy, so reads never touch Redis. When Redis is down the process goes on with its local
 * copy (logged once) and catches up when it returns.
 */
export class RedisSnapshotCache extends MemorySnapshotCache {
  private warned = false
  /** This process's name in the versions it gives, and how many it gave. */
  private readonly publisher = randomUUID().slice(0, 8)
  private published = 0
  /** The version of each chain's snapshot held here. */
  private readonly versions = new Map<number, string>()
  /** Per chain, the last snapshot this process published (the next patch's base) and its version. */
  private readonly last = new Map<number, { snapshot: ChainSnapshot; version: string }>()
  /** Per chain, the patches published since the whole snapshot was last written; absent when the next must be written whole. */
  private readonly patches = new Map<number, number>()
  private readonly wholeTimers = new Map<number, NodeJS.Timeout>()

  private constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
    private readonly arrived: (chainId: number, via: SnapshotArrival) => void,
  ) {
    super()
  }

  /**
   * Connects, loads the latest snapshot of each chain and follows the announcements. `arrived` is
   * told how each snapshot taken from another process came in (the metrics count it).
   */
  static async open(
    redis: Redis,
    subscriber: Redis,
    prefix: string,
    chainIds: readonly number[],
    log: Logger,
    arrived: (chainId: number, via: SnapshotArrival) => void = () => undefined,
  ): Promise<RedisSnapshotCache> {
    const cache = new RedisSnapshotCache(redis, subscriber, prefix, log, arrived)
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
    const { chainId } = snapshot
    const version = `${this.publisher}.${++this.published}`
    this.versions.set(chainId, version)
    const last = this.last.get(chainId)
    this.last.set(chainId, { snapshot, version })
    const patches = this.patches.get(chainId)
    // Counted again once Redis took it: until then (and after a failure) the next snapshot is written whole.
    this.patches.delete(chainId)
    try {
      if (!last || patches === undefined) {
        await this.run(this.writeWhole(this.redis.multi(), snapshot, version).del(this.key('snapshotPatches', chainId)).publish(this.channel, String(chainId)))
        this.patches.set(chainId, 0)
      } else {
        const element = `${last.version} ${version}\n${encodeSnapshotPatch(last.snapshot, snapshot)}`
        await this.run(this.redis.multi().rpush(this.key('snapshotPatches', chainId), element).publish(this.channel, `${chainId}+${element}`))
        this.patches.set(chainId, patches + 1)
        if (patches + 1 >= WHOLE_EVERY_PATCHES && !this.wholeTimers.has(chainId)) this.writeWholeSoon(chainId)
      }
      this.warned = false
    } catch (error) {
      // The list may now lack this patch: the next snapshot is written whole.
      this.warnOnce(error)
    }
  }

  override async confirm(chainId: number, blockNumber: bigint, takenAt: number): Promise<void> {
    if (!this.confirmHere(chainId, blockNumber, takenAt)) return
    const confirmation = `${chainId}:${blockNumber}:${takenAt}`
    try {
      await this.redis.set(this.key('confirmed', chainId), confirmation)
      await this.redis.publish(this.channel, confirmation)
    } catch (error) {
      this.warnOnce(error)
    }
  }

  /**
   * Writes the chain's last published snapshot whole and cuts the patches up to it from the list,
   * in one transaction queued at once: the list then holds exactly the patches counted.
   */
  private writeWholeSoon(chainId: number): void {
    const timer = setTimeout(() => {
      this.wholeTimers.delete(chainId)
      const last = this.last.get(chainId)
      const patches = this.patches.get(chainId)
      if (!last || patches === undefined) return
      this.patches.set(chainId, 0)
      this.run(this.writeWhole(this.redis.multi(), last.snapshot, last.version).ltrim(this.key('snapshotPatches', chainId), patches, -1)).catch(
        (error: unknown) => {
          this.patches.delete(chainId)
          this.warnOnce(error)
        },
      )
    }, WHOLE_DELAY_MS)
    timer.unref()
    this.wholeTimers.set(chainId, timer)
  }

  private writeWhole(multi: ChainableCommander, snapshot: ChainSnapshot, version: string): ChainableCommander {
    return multi.set(this.key('snapshot', snapshot.chainId), encodeSnapshot(snapshot)).set(this.key('snapshotVersion', snapshot.chainId), version)
  }

  /** An announcement: a patch (`<chainId>+…`), a new whole snapshot (`<chainId>`) or a confirmation (`<chainId>:<block>:<takenAt>`). */
  private hear(message: string): void {
    const plus = message.indexOf('+')
    if (plus > 0) {
      this.hearPatch(Number(message.slice(0, plus)), message.slice(plus + 1))
      return
    }
    const [chainId, block, takenAt] = message.split(':')
    if (block !== undefined && takenAt !== undefined && this.confirmHere(Number(chainId), BigInt(block), Number(takenAt))) return
    void this.load(Number(chainId))
  }

  /** Applies a patch to the snapshot held here when that is its base; otherwise reads what was missed. */
  private hearPatch(chainId: number, element: string): void {
    const { base, version, patch } = patchElement(element)
    const held = this.versions.get(chainId)
    // Its own patch, heard back: the snapshot is here already.
    if (held === version) return
    const latest = this.latest(chainId)
    if (held !== base || !latest) {
      void this.load(chainId)
      return
    }
    try {
      if (this.keep(applySnapshotPatch(latest, patch))) {
        this.versions.set(chainId, version)
        this.arrived(chainId, 'patch')
      }
    } catch (error) {
      this.log.warn({ err: error, chain: chainId }, 'a snapshot patch did not apply: the whole snapshot is read')
      void this.load(chainId)
    }
  }

  /**
   * Reads what this process lacks of the chain's snapshot: the patches after the version it holds
   * when the list has them, else the whole snapshot and every patch after it. Then the last confirmation.
   */
  private async load(chainId: number): Promise<void> {
    try {
      const patchesKey = this.key('snapshotPatches', chainId)
      let [version, elements, confirmation] = (await this.run(
        this.redis.multi().get(this.key('snapshotVersion', chainId)).lrange(patchesKey, 0, -1).get(this.key('confirmed', chainId)),
      )) as [string | null, string[], string | null]
      let snapshot = this.latest(chainId)
      let held = this.versions.get(chainId)
      let patches = elements.map(patchElement)
      let from = held === undefined ? -1 : held === version ? 0 : patches.findIndex((patch) => patch.version === held) + 1
      const whole = !snapshot || (from <= 0 && held !== version)
      if (whole) {
        let text: string | null
        ;[text, version, elements, confirmation] = (await this.run(
          this.redis
            .multi()
            .get(this.key('snapshot', chainId))
            .get(this.key('snapshotVersion', chainId))
            .lrange(patchesKey, 0, -1)
            .get(this.key('confirmed', chainId)),
        )) as [string | null, string | null, string[], string | null]
        if (!text) return
        snapshot = decodeSnapshot(text)
        // A whole snapshot without a version was written before versions: held as it is, patched no more.
        held = version ?? undefined
        patches = elements.map(patchElement)
        from = 0
      }
      // Followed from version to version: a patch of another publisher (one that lost the lock and had not stopped yet) is passed over.
      for (const patch of patches.slice(from)) {
        if (patch.base !== held) continue
        snapshot = applySnapshotPatch(snapshot!, patch.patch)
        held = patch.version
      }
      if (snapshot !== this.latest(chainId) && this.keep(snapshot!)) {
        if (held === undefined) this.versions.delete(chainId)
        else this.versions.set(chainId, held)
        this.arrived(chainId, whole ? 'whole' : 'patches')
      }
      const [, block, takenAt] = (confirmation ?? '').split(':')
      if (block !== undefined && takenAt !== undefined) this.confirmHere(chainId, BigInt(block), Number(takenAt))
    } catch (error) {
      this.warnOnce(error)
    }
  }

  /** Runs a transaction; the first command's error, if any, is thrown. */
  private async run(multi: ChainableCommander): Promise<unknown[]> {
    const results = (await multi.exec()) ?? []
    for (const [error] of results) if (error) throw error
    return results.map(([, result]) => result)
  }

  private get channel(): string {
    return `${this.prefix}snapshots`
  }

  private key(name: 'snapshot' | 'snapshotVersion' | 'snapshotPatches' | 'confirmed', chainId: number): string {
    return `${this.prefix}${name}:${chainId}`
  }

  private warnOnce(error: unknown): void {
    if (this.warned) return
    this.warned = true
    this.log.warn({ err: error }, 'redis unavailable: snapshots stay in this process until it returns')
  }

  override async close(): Promise<void> {
    for (const timer of this.wholeTimers.values()) clearTimeout(timer)
    this.subscriber.disconnect()
  }
}

/** A patch as the list and the announcement carry it: `<base version> <version>\n<patch>`. */
function patchElement(element: string): { base: string; version: string; patch: string } {
  const newline = element.indexOf('\n')
  const [base = '', version = ''] = element.slice(0, newline).split(' ')
  return { base, version, patch: element.slice(newline + 1) }
}
