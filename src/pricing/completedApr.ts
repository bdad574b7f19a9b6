import type { StakingApr } from './stakingAprs.js'

/** An ended pool's completedAPR (`{ "<pid>": "<apr>" }`, percent), or `{}` and the reason it cannot be given. */
export interface CompletedApr {
  aprs: Record<string, string>
  note?: string
}

/** completedAPR from a pool's APRs at a block before its end: the staking pools that had one. */
export function completedAprRecord(aprs: readonly StakingApr[]): Record<string, string> {
  return Object.fromEntries(aprs.flatMap((apr, pid) => (apr.note ? [] : [[String(pid), String(apr.apr)]])))
}
