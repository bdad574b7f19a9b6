import { describe, expect, it } from 'vitest'
import { lpTokenPrice, priceFromFeed, priceFromPair, toUnits } from './priceMath.js'

describe('price math', () => {
  it('scales amounts far above 2^53 without losing their leading digits', () => {
    expect(toUnits(123456789012345678901234567n, 18)).toBeCloseTo(123456789.01234567, 8)
    expect(toUnits(1n, 6)).toBe(0.000001)
  })

  it('takes a fresh feed answer and refuses a stale or non-positive one', () => {
    expect(priceFromFeed({ answer: 60_012_345_678n, updatedAt: 1_000n }, 8, 3600, 4_000)).toEqual({ ok: true, usd: 600.12345678 })
    expect(priceFromFeed({ answer: 60_000_000_000n, updatedAt: 1_000n }, 8, 3600, 4_601)).toEqual({
      ok: false,
      reason: 'stale-feed',
      updatedAt: 1000,
      heartbeatSeconds: 3600,
    })
    expect(priceFromFeed({ answer: 0n, updatedAt: 1_000n }, 8, 3600, 1_000)).toMatchObject({ ok: false, reason: 'bad-feed-answer' })
  })

  it('prices a token against the other side of a pair, decimals included', () => {
    // 1,000 TOKEN (18 decimals) against 2,000 USDC (6 decimals) at $1: $2 a TOKEN.
    const price = priceFromPair('0xpair', { reserve: 1000n * 10n ** 18n, decimals: 18 }, { reserve: 2000n * 10n ** 6n, decimals: 6, usd: 1 })
    expect(price).toEqual({ ok: true, usd: 2 })
    expect(priceFromPair('0xpair', { reserve: 0n, decimals: 18 }, { reserve: 1n, decimals: 6, usd: 1 })).toEqual({
      ok: false,
      reason: 'empty-pair',
      pair: '0xpair',
    })
  })

  it('values an LP token by fair reserves, or by the plain sum when a side depends on the pair', () => {
    // 100 WETH ($3000) and 300,000 USDC ($1): $600,000 in all, 1,000 LP tokens.
    const pair = { reserve0: 100n * 10n ** 18n, reserve1: 300_000n * 10n ** 6n, totalSupply: 1000n * 10n ** 18n, decimals: 18 }
    const weth = { decimals: 18, usd: 3000 }
    const usdc = { decimals: 6, usd: 1 }
    expect(lpTokenPrice(pair, weth, usdc, true, '0xpair')).toEqual({ ok: true, usd: 600 })
    expect(lpTokenPrice(pair, weth, usdc, false, '0xpair')).toEqual({ ok: true, usd: 600 })
    // Pushed off balance (reserves 200 WETH / 150,000 USDC, same k): fair stays $600, the sum says $750.
    const skewed = { ...pair, reserve0: 200n * 10n ** 18n, reserve1: 150_000n * 10n ** 6n }
    expect(lpTokenPrice(skewed, weth, usdc, true, '0xpair')).toEqual({ ok: true, usd: 600 })
    expect(lpTokenPrice(skewed, weth, usdc, false, '0xpair')).toEqual({ ok: true, usd: 750 })
    expect(lpTokenPrice({ ...pair, totalSupply: 0n }, weth, usdc, true, '0xpair')).toMatchObject({ ok: false, reason: 'empty-pair' })
  })
})
