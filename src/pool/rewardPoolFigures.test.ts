import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet } from '../../test/devnet.js'
import { createChainClients, FactCache, stopChainClients } from '../chain/index.js'
import type { ChainState, RewardPoolState } from '../chain-snapshot/index.js'
import { readChainState } from '../chain-state/index.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'
import { chainPrices, stakingAprs, type PricedState } from '../pricing/index.js'
import { buildRegistry } from '../registry/index.js'
import { rewardPoolFigures } from './rewardPoolObject.js'

const CHAIN = 56
const BLOCK_TIME = { seconds: 3, source: 'override' } as const

describe("a reward pool's figures are computed again when the pool or what it is priced with moved, else kept", () => {
  const chains = createChainClients(
    devnetChains(devnet()).filter((chain) => chain.chainId === CHAIN),
    { timeoutMs: 10_000, retryCount: 0 },
  )
  afterAll(() => stopChainClients(chains))
  const registry = buildRegistry(devnetRegistry(devnet())).chains.get(CHAIN)!
  let state: ChainState
  beforeAll(async () => {
    state = await readChainState(chains.get(CHAIN)!, registry, new FactCache())
  })

  const priced = (at: ChainState, blockTime: PricedState['blockTime'] = BLOCK_TIME) => chainPrices(registry, at, { takenAt: 0, blockTime })
  /** The figures of a pool as a state seen for the first time gives them: the same values in a new object. */
  const fresh = (at: PricedState, pool: RewardPoolState) => ({ aprs: stakingAprs(at, { ...pool }), figures: rewardPoolFigures(at, { ...pool }) })
  /** The reward pools whose APRs are priced (every token has a price), with a feed that prices one of their tokens. */
  const pricedPools = () =>
    [...state.rewardPools.values()].filter((pool): pool is RewardPoolState => pool !== undefined && stakingAprs(priced(state), pool).some((apr) => !apr.note))

  it('keeps them at the next block for an untouched pool, and computes them again when a price, the block time or the end moved', () => {
    const pools = pricedPools()
    expect(pools.length).toBeGreaterThan(2)
    const now = priced(state)
    const before = new Map(pools.map((pool) => [pool, { aprs: stakingAprs(now, pool), figures: rewardPoolFigures(now, pool) }]))
    // The next block: the same pool objects (untouched), the same prices.
    const next = priced({ ...state, blockNumber: state.blockNumber + 1n, timestamp: state.timestamp + 3 })
    for (const pool of pools) {
      expect(stakingAprs(next, pool)).toBe(before.get(pool)!.aprs)
      expect(rewardPoolFigures(next, pool)).toBe(before.get(pool)!.figures)
    }
    // Every feed at twice its answer: each pool whose tokens it prices gets figures of its own, equal to a fresh computation.
    const feeds = new Map([...state.feeds].map(([address, round]) => [address, round && { ...round, answer: round.answer * 2n }]))
    const moved = priced({ ...state, feeds })
    let recomputed = 0
    for (const pool of pools) {
      const aprs = stakingAprs(moved, pool)
      expect(aprs).toEqual(fresh(moved, pool).aprs)
      expect(rewardPoolFigures(moved, pool)).toEqual(fresh(moved, pool).figures)
      // Every price doubled: the APRs stay (rewards and stake alike), the TVL doubles.
      const figures = rewardPoolFigures(moved, pool)
      if (figures !== before.get(pool)!.figures) {
        recomputed++
        expect(figures.tvl).toBeCloseTo(before.get(pool)!.figures.tvl! * 2, 6)
      }
    }
    expect(recomputed).toBeGreaterThan(0)
    // Another block time, and a block past each pool's end.
    const slower = priced(state, { seconds: 6, source: 'override' })
    for (const pool of pools) expect(stakingAprs(slower, pool)).toEqual(fresh(slower, pool).aprs)
    const ended = priced({ ...state, blockNumber: 10n ** 12n })
    const ending = pools.filter((pool) => pool.endBlock < 10n ** 12n)
    expect(ending.length).toBeGreaterThan(0)
    for (const pool of ending) expect(stakingAprs(ended, pool).map((apr) => apr.note)).toEqual(pool.stakingPools.map(() => 'ended'))
  })

  it('a pool whose token has no price is computed at every block, with the reason', () => {
    // No feed answered: the pools whose tokens are priced by one have no APR, and say why.
    const unread = priced({ ...state, feeds: new Map([...state.feeds].map(([address]) => [address, undefined])) })
    const pool = pricedPools().find((candidate) => stakingAprs(unread, candidate).some((apr) => apr.note !== undefined))!
    expect(pool).toBeDefined()
    expect(stakingAprs(unread, pool).find((apr) => apr.note)!.note).toMatch(/^0x[0-9a-fA-F]{40} /)
    expect(stakingAprs(unread, pool)).not.toBe(stakingAprs(unread, pool))
    expect(stakingAprs(unread, pool)).toEqual(fresh(unread, pool).aprs)
  })
})
