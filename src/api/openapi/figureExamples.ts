import type { ExampleValues, OperationExample } from './exampleValues.js'

/** The example token's price as `/prices` and `/tokens` give it: through its pair, with the pair's liquidity. */
export function tokenPriceExample(v: ExampleValues) {
  return {
    usd: 2.0055,
    priceSource: { kind: 'pair' as const, address: v.vault.want, blockNumber: '372', ageSeconds: 0, liquidityUsd: 2010446.73 },
  }
}

/** The examples of `GET /prices` and of `GET /vaults/{address}` (the `/vaults` entry `listed` with its inputs). */
export function figureExamples(v: ExampleValues, listed: unknown): Record<string, OperationExample> {
  return {
    'get /vaults/{address}': {
      params: { address: v.vault.address },
      query: { chain: v.chainId },
      ok: { ...(listed as object), inputs: vaultInputsExample(v) },
    },
    'get /prices': {
      query: { chain: v.chainId },
      ok: {
        [v.token.address]: tokenPriceExample(v),
        [v.vault.want]: {
          usd: 155.67,
          priceSource: { kind: 'lp', address: v.vault.want, blockNumber: '372', ageSeconds: 0, liquidityUsd: 2010446.73 },
        },
      },
    },
  }
}

/** A chain's `dataHealth` in `/status`: one vault whose TVL jumped after a deposit. */
export function dataHealthExample(v: ExampleValues) {
  const flag = {
    field: 'tvl',
    kind: 'jump' as const,
    detail: 'moved 11.0× from 1.000e+5 at block 366 (2026-11-22T09:48:00.000Z) to 1.100e+6 at block 372, under 6 hours apart',
  }
  return {
    blockNumber: '372',
    counts: { ceiling: 0, jump: 1, 'price-check': 0, 'thin-liquidity': 0, 'stale-feed': 0 },
    entries: [{ kind: 'vault' as const, address: v.vault.address, name: 'Beefy WBNB-YLD LP', flags: [flag] }],
  }
}

/** The inputs of the example vault: what its TVL, APY windows and breakdown are computed from. */
function vaultInputsExample(v: ExampleValues) {
  const pair = (blockNumber: string, timestamp: number, reserve0: string, reserve1: string) => ({
    blockNumber,
    timestamp,
    reserve0,
    reserve1,
    totalSupply: '2697942000000000000000',
  })
  return {
    blockNumber: '372',
    timestamp: 1794999600,
    totalWant: '2698000000000000000000',
    totalSupply: '2697881838770370044913',
    wantPrice: { usd: 155.67, priceSource: { kind: 'lp' as const, address: v.vault.want, blockNumber: '372', ageSeconds: 0, liquidityUsd: 2010446.73 } },
    pricePerShareAt: {
      '1d': { blockNumber: '331', timestamp: 1794913600, pricePerShare: '1000011301213390111', source: 'store' as const },
      '7d': { blockNumber: '97', timestamp: 1794395200, pricePerShare: '999999999999999999', source: 'node' as const },
      '30d': null,
      '90d': null,
    },
    farm: {
      address: v.vault.strategy,
      rewardToken: v.token.address,
      rewardPerSecond: '6650000000000000',
      totalStaked: '13490000000000000000000',
      rewardReserve: '419000000000000000000000',
      rewardPrice: tokenPriceExample(v),
    },
    rewardDecimals: 18,
    harvests: { count: 30, spanSeconds: 2_592_000 },
    pair: {
      now: pair('372', 1794999600, '502000000000000000000', '1254000000000000000000000'),
      base: pair('97', 1794395200, '501900000000000000000', '1253800000000000000000000'),
    },
  }
}
