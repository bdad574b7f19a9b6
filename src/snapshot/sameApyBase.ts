import type { ApyBase } from '../chain-snapshot/index.js'

/** Whether `base` holds the very points of `kept`, and `kept` nothing else (no note, no other entry). */
export function sameApyBase(kept: ApyBase, base: ApyBase): boolean {
  const same = <T>(a: Record<string, T> | undefined, b: Record<string, T> | undefined) => {
    const keys = Object.keys(a ?? {})
    return keys.length === Object.keys(b ?? {}).length && keys.every((key) => a![key] === b![key])
  }
  return Object.keys(kept.notes).length === 0 && same(kept.vaults, base.vaults) && same(kept.pairs, base.pairs)
}
