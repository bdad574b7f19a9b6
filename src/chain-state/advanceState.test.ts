import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainState, StrategyState } from '../chain-snapshot/index.js'
import { advanceState } from './readChangedState.js'

const address = (index: number) => `0x${index.toString(16).padStart(40, '0')}` as Address
const addresses = Array.from({ length: 5 }, (_, index) => address(index + 1))
const each = <V>(value: (index: number) => V) => new Map(addresses.map((at, index) => [at, value(index)] as const))

const previous: ChainState = {
  chainId: 56,
  blockNumber: 100n,
  timestamp: 1_000,
  tokens: new Map(),
  feeds: new Map(),
  bridgeBalances: new Map(),
  pairs: each(() => ({ reserve0: 1n, reserve1: 2n, totalSupply: 3n })),
  vaultWant: each((index) => BigInt(index)),
  vaultSupply: each((index) => BigInt(index * 10)),
  vaultDepositLimit: each(() => undefined),
  vaultHeld: each(() => 0n),
  rewardPools: each(() => undefined),
  strategies: each((index) => ({ callReward: BigInt(index), lastHarvest: 5n })),
}

describe('a state moved to a followed block', () => {
  const values = {
    ...previous,
    blockNumber: 101n,
    timestamp: 1_003,
    pairs: new Map(),
    vaultWant: new Map([[addresses[2]!, 77n]]),
    vaultSupply: new Map(),
    vaultDepositLimit: new Map(),
    vaultHeld: new Map(),
    rewardPools: new Map(),
    strategies: new Map([[addresses[1]!, { callReward: 9n, lastHarvest: 6n }]]),
  }
  const extrapolate = (_strategy: Address, state: StrategyState): StrategyState => ({ ...state, callReward: state.callReward! + 1n, callRewardReadAt: 100n })
  const state = advanceState(previous, values, extrapolate)

  it('keeps each Map the block changed nothing of, the same object (its patch then leaves it out)', () => {
    expect(state.pairs).toBe(previous.pairs)
    expect(state.vaultSupply).toBe(previous.vaultSupply)
    expect(state.vaultDepositLimit).toBe(previous.vaultDepositLimit)
    expect(state.vaultHeld).toBe(previous.vaultHeld)
    expect(state.rewardPools).toBe(previous.rewardPools)
  })

  it("gives a changed Map anew, with the block's entries in the registry's order, and leaves the last one as it was", () => {
    expect(state.vaultWant).not.toBe(previous.vaultWant)
    expect([...state.vaultWant]).toStrictEqual([
      [addresses[0], 0n],
      [addresses[1], 1n],
      [addresses[2], 77n],
      [addresses[3], 3n],
      [addresses[4], 4n],
    ])
    expect(previous.vaultWant.get(addresses[2]!)).toBe(2n)
  })

  it('extrapolates each strategy not read again, and takes the read one as read', () => {
    expect([...state.strategies!.keys()]).toStrictEqual(addresses)
    expect(state.strategies!.get(addresses[1]!)).toStrictEqual({ callReward: 9n, lastHarvest: 6n })
    expect(state.strategies!.get(addresses[3]!)).toStrictEqual({ callReward: 4n, lastHarvest: 5n, callRewardReadAt: 100n })
  })
})
