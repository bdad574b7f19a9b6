import type { Address } from 'viem'
import type { StrategyState } from '../chain-snapshot/index.js'
import type { StateValues } from '../chain-state/index.js'

/** A strategy's call reward as read at a block. */
interface Point {
  value: bigint
  blockNumber: bigint
  timestamp: number
  lastHarvest: bigint | undefined
}

/**
 * The last two reads of each strategy's call reward, between which no harvest ran: what its
 * call reward is extrapolated from at a block it was not read at. A strategy's farm pays by the
 * second, so between two events the call reward grows linearly in time; a harvest (its
 * `lastHarvest` moved, or the reward fell) starts the line again.
 */
export class CallRewardPoints {
  private readonly points = new Map<Address, { last: Point; before?: Point }>()

  /** Takes in the strategies `values` read at its block. */
  read(values: Pick<StateValues, 'strategies' | 'blockNumber' | 'timestamp'>): void {
    for (const [strategy, state] of values.strategies ?? []) {
      if (state.callReward === undefined || state.callRewardReadAt !== undefined) {
        this.points.delete(strategy)
        continue
      }
      const point = { value: state.callReward, blockNumber: values.blockNumber, timestamp: values.timestamp, lastHarvest: state.lastHarvest }
      const last = this.points.get(strategy)?.last
      const sameLine = last !== undefined && last.lastHarvest === point.lastHarvest && point.value >= last.value && point.timestamp > last.timestamp
      this.points.set(strategy, sameLine ? { last: point, before: last } : { last: point })
    }
  }

  /**
   * `state` (the strategy's at an earlier block) with its call reward at `timestamp`: the last
   * read value plus the rate between the last two reads times the seconds since; the last read
   * value while there is one read only. It names the block it was read at (`callRewardReadAt`).
   */
  extrapolated(strategy: Address, state: StrategyState, timestamp: number): StrategyState {
    const points = this.points.get(strategy)
    if (!points || state.callReward === undefined) return state
    const { last, before } = points
    const grown = before ? ((last.value - before.value) * BigInt(timestamp - last.timestamp)) / BigInt(last.timestamp - before.timestamp) : 0n
    return { ...state, callReward: last.value + grown, callRewardReadAt: last.blockNumber }
  }
}
