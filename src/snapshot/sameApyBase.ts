import type { ApyBase } from '../chain-snapshot/index.js'

/**
 * Whether `base` holds the very points of `kept` and the same notes, and `kept` nothing else: a
 * registry's vaults younger than a window keep their notes block after block, and a base rebuilt
 * for each block would be written anew each time (snapshotText), thousands of entries a block.
 */
export function sameApyBase(kept: ApyBase, base: ApyBase): boolean {
  const same = <T>(a: Record<string, T> | undefined, b: Record<string, T> | undefined) => {
    const keys = Object.keys(a ?? {})
    return keys.length === Object.keys(b ?? {}).length && keys.every((key) => a![key] === b![key])
  }
  return same(kept.notes, base.notes) && same(kept.vaults, base.vaults) && same(kept.pairs, base.pairs)
}
