import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { RewardPoolState } from '../chain-snapshot/index.js'
import type { PricedState } from './chainPrices.js'
import { perPoolInputs } from './poolInputs.js'

const X: Address = '0x00000000000000000000000000000000000000aa'
const Y: Address = '0x00000000000000000000000000000000000000bb'

/** A pool staking `token`, running at block 100, with no reward token. */
const poolStaking = (token: Address) => ({ endBlock: 1_000n, rewardTokens: [], stakingPools: [{ stakingToken: token }] }) as unknown as RewardPoolState

/** A state at block 100 with the USD price of each token given, 18 decimals each. */
const pricedWith = (usd: Record<Address, number>) =>
  ({
    state: { blockNumber: 100n },
    blockTime: { seconds: 3 },
    prices: new Map(Object.entries(usd).map(([token, price]) => [token, { ok: true, usd: price }])),
    decimals: () => 18,
  }) as unknown as PricedState

describe('perPoolInputs', () => {
  it("keeps a pool's own inputs when its computation asks a memo of another pool", () => {
    const [outer, inner] = [perPoolInputs<string>(), perPoolInputs<string>()]
    const [a, b] = [poolStaking(X), poolStaking(Y)]
    let computed = 0
    const figuresOfA = (priced: PricedState) =>
      outer(priced, a, () => {
        computed++
        inner(priced, b, () => 'b')
        const price = priced.prices.get(X)
        return `a at ${price?.ok ? price.usd : '?'}`
      })

    expect(figuresOfA(pricedWith({ [X]: 1, [Y]: 2 }))).toBe('a at 1')
    expect(figuresOfA(pricedWith({ [X]: 1, [Y]: 2 }))).toBe('a at 1')
    expect(computed).toBe(1)
    // X now at what Y was: kept under B's inputs, A's figures would be taken as they were.
    expect(figuresOfA(pricedWith({ [X]: 2, [Y]: 2 }))).toBe('a at 2')
    expect(computed).toBe(2)
  })

  it('computes again when a token has no price, every time', () => {
    const memo = perPoolInputs<number>()
    const pool = poolStaking(X)
    let computed = 0
    const unpriced = { ...pricedWith({}), prices: new Map([[X, { ok: false }]]) } as unknown as PricedState
    memo(unpriced, pool, () => ++computed)
    memo(unpriced, pool, () => ++computed)
    expect(computed).toBe(2)
  })
})
