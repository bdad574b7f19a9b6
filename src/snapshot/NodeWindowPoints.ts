import type { Address } from 'viem'
import { blockAtTime, firstBlockOf, type BlockSample } from '../block-time/index.js'
import { errorLine, FactCache, type ChainClient } from '../chain/index.js'
import type { ApyBase } from '../chain-snapshot/index.js'
import type { Registry } from '../registry/index.js'
import type { SnapshotStore } from '../store/index.js'
import { readWindowPoints, type VaultPoint, type Wanted } from './windowPoints.js'

/** A window whose lookup left vaults without a point (the node could not give it, the vault is younger) is looked up again no sooner than this, ms. */
export const RETRY_MS = 600_000

/**
 * An APY window's points from the node (ApyBaseKeeper's lookups): the block about a window back,
 * found from the headers, and the state there, which archive nodes keep; the points read are
 * recorded in the store, so it has them next time. Why a window could not be read is kept per
 * chain and window and given as each address's note until its retry time (`retryAt`, which the
 * keeper's lookups share).
 */
export class NodeWindowPoints {
  /** Per chain and window, why the node could not give the points, and the block of the window's start when its headers gave it. */
  private readonly failures = new Map<string, { note: string; at?: BlockSample; beforeGenesis?: boolean }>()
  /** Each chain's first block, read once (a failed read is tried again by the next snapshot): whether a window reaches back before the chain began. */
  private readonly firstBlocks = new FactCache()

  constructor(
    private readonly deps: {
      registry: Registry
      store?: SnapshotStore | undefined
      onStoreError: (error: unknown) => void
      retryAt: Map<string, number>
    },
  ) {}

  /** Whether the last read of `key` (chain and window) found the chain younger than the window: the index has nothing to give either. */
  beforeGenesis(key: string): boolean {
    return this.failures.get(key)?.beforeGenesis === true
  }

  /**
   * The points of `wanted` at the block of `target` (seconds), from the node; the vaults' recorded
   * in the store. Returns that block where the node's headers gave it, whether or not its state did.
   */
  async read(
    chain: ChainClient,
    head: BlockSample,
    wanted: Wanted,
    window: string,
    target: number,
    tolerance: number,
    base: ApyBase,
  ): Promise<BlockSample | undefined> {
    const { vaults, pairs } = wanted
    const key = `${chain.chainId}:${window}`
    const failed = this.failures.get(key)
    if (failed !== undefined && Date.now() < (this.deps.retryAt.get(key) ?? 0)) {
      for (const address of [...vaults, ...pairs]) base.notes[address] = failed.note
      return failed.at
    }
    const fail = (note: string, at?: BlockSample, beforeGenesis?: boolean) => {
      this.failures.set(key, { note, ...(at && { at }), ...(beforeGenesis && { beforeGenesis }) })
      this.deps.retryAt.set(key, Date.now() + RETRY_MS)
      for (const address of [...vaults, ...pairs]) base.notes[address] = note
      return at
    }
    let block: Awaited<ReturnType<typeof blockAtTime>>
    try {
      block = await blockAtTime(chain, head, target, tolerance, await this.firstBlock(chain))
    } catch (error) {
      return fail(`${window}: the nodes did not give the headers to find the block ${window} back (${reason(error)})`)
    }
    if (block === 'before-genesis') return fail(`${window}: the chain's first block is younger than ${window}`, undefined, true)
    if (Math.abs(block.timestamp - target) > tolerance) return fail(`${window}: no block of the chain lies within ${tolerance} s of ${window} back`)
    const registry = this.deps.registry.chains.get(chain.chainId)!
    let points: VaultPoint[]
    try {
      points = await readWindowPoints(chain, registry, wanted, block, window, base)
    } catch (error) {
      return fail(`${window}: the nodes no longer have the state of block ${block.blockNumber} (${reason(error)}); an archive node keeps it`, block)
    }
    this.failures.delete(key)
    const pairPoints = Object.entries(base.pairs!).map(([pair, point]) => ({ pair: pair as Address, ...point }))
    const store = this.deps.store
    await Promise.all([
      store?.saveVaultPoints(chain.chainId, block.blockNumber, block.timestamp * 1000, block.timestamp, points),
      store?.savePairPoints(chain.chainId, block.blockNumber, block.timestamp * 1000, block.timestamp, pairPoints),
    ]).catch((error: unknown) => this.deps.onStoreError(error))
    return block
  }

  private firstBlock(chain: ChainClient): Promise<BlockSample> {
    return this.firstBlocks.get(String(chain.chainId), () => firstBlockOf(chain))
  }
}

/** A failure's reason in a note: its first line, cut. */
const reason = (error: unknown) => errorLine(error, 160)
