import type { ChainState } from './ChainState.js'

/** One value two states of the same block disagree on: the contract (or bridge key), the field, and both values as text. */
export interface StateDifference {
  contract: string
  /** The state's map and the path inside its entry, e.g. `strategies.lastHarvest` or `rewardPools.stakingPools.0.totalStaked`. */
  field: string
  was: string
  now: string
}

/** The per-contract maps of a state; `tokens` (static facts) is not compared. */
const FIELDS = ['feeds', 'pairs', 'vaultWant', 'vaultSupply', 'vaultDepositLimit', 'vaultHeld', 'bridgeBalances', 'rewardPools', 'strategies'] as const

/**
 * Where `was` and `now` disagree, value by value, for every contract of every map (or those of
 * `only`: addresses, or bridge keys). A strategy's
 * call reward is left out where either side extrapolated it (`callRewardReadAt`): it is an
 * estimate between reads, not a read.
 */
export function stateDifferences(was: ChainState, now: ChainState, only?: ReadonlySet<string>): StateDifference[] {
  const differences: StateDifference[] = []
  for (const field of FIELDS) {
    const before = (was[field] ?? new Map()) as Map<string, unknown>
    const after = (now[field] ?? new Map()) as Map<string, unknown>
    for (const contract of only ?? new Set([...before.keys(), ...after.keys()])) {
      if (!before.has(contract) && !after.has(contract)) continue
      const [a, b] = [leaves(before.get(contract), field), leaves(after.get(contract), field)]
      if (field === 'strategies' && (a.has('strategies.callRewardReadAt') || b.has('strategies.callRewardReadAt')))
        for (const side of [a, b]) for (const path of ['strategies.callReward', 'strategies.callRewardReadAt']) side.delete(path)
      for (const path of new Set([...a.keys(), ...b.keys()])) {
        const [x, y] = [a.get(path) ?? 'absent', b.get(path) ?? 'absent']
        if (x !== y) differences.push({ contract, field: path, was: x, now: y })
      }
    }
  }
  return differences
}

/** Every defined leaf of `value` under `path`, as text (bigints in decimal). */
function leaves(value: unknown, path: string, into = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, `${path}.${key}`, into)
  } else if (value !== undefined) {
    // A failed read (undefined) and a field a state lacks are the same: nothing known.
    into.set(path, String(value))
  }
  return into
}
