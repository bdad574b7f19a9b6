import { describe, expect, it } from 'vitest'
import { stakingPoolApr } from './apr.js'

const BSC_BLOCK_SECONDS = 3 // 10,512,000 blocks a year

describe('stakingPoolApr', () => {
  it('one reward token, the whole allocation', () => {
    // 1 token ($2) a block → $21,024,000 a year over $10,512,000 staked: 200 %.
    const apr = stakingPoolApr({
      rewards: [{ perBlock: 10n ** 18n, decimals: 18, usd: 2 }],
      allocPoint: 100n,
      totalAllocPoint: 100n,
      blockTimeSeconds: BSC_BLOCK_SECONDS,
      stakedUsd: 10_512_000,
    })
    expect(apr).toEqual({ ok: true, apr: 200 })
  })

  it('several reward tokens and unequal allocation points', () => {
    // Per block: 0.5 YLD × $2 + 0.001 WBNB × $600 = $1.6; a quarter of it (100 of 400) → $0.4 a block,
    // × 2,628,000 blocks (12 s) = $1,051,200 a year over $525,600 staked: 200 %.
    const apr = stakingPoolApr({
      rewards: [
        { perBlock: 5n * 10n ** 17n, decimals: 18, usd: 2 },
        { perBlock: 10n ** 15n, decimals: 18, usd: 600 },
      ],
      allocPoint: 100n,
      totalAllocPoint: 400n,
      blockTimeSeconds: 12,
      stakedUsd: 525_600,
    })
    expect(apr.ok && apr.apr).toBeCloseTo(200, 9)
  })

  it('reward tokens with 6 decimals', () => {
    // 1 USDC a block (6 decimals), 2 s blocks → $15,768,000 a year over $1,576,800: 1,000 %.
    const apr = stakingPoolApr({
      rewards: [{ perBlock: 1_000_000n, decimals: 6, usd: 1 }],
      allocPoint: 1n,
      totalAllocPoint: 1n,
      blockTimeSeconds: 2,
      stakedUsd: 1_576_800,
    })
    expect(apr.ok && apr.apr).toBeCloseTo(1000, 9)
  })

  it('nothing staked has no APR', () => {
    expect(
      stakingPoolApr({ rewards: [{ perBlock: 1n, decimals: 0, usd: 1 }], allocPoint: 1n, totalAllocPoint: 1n, blockTimeSeconds: 3, stakedUsd: 0 }),
    ).toEqual({ ok: false, reason: 'no-stake' })
  })

  it('no allocation at all pays nothing', () => {
    expect(
      stakingPoolApr({ rewards: [{ perBlock: 10n ** 18n, decimals: 18, usd: 1 }], allocPoint: 0n, totalAllocPoint: 0n, blockTimeSeconds: 3, stakedUsd: 100 }),
    ).toEqual({ ok: true, apr: 0 })
  })
})
