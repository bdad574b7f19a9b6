import type { ExampleValues, OperationExample } from './exampleValues.js'
import { tokenPriceExample } from './figureExamples.js'

/** The examples of a user's answers (positions, history and PnL, of the holder of the example vault and pool) and of the stream that tells them. */
export function userExamples(v: ExampleValues): Record<string, OperationExample> {
  const { chainId, pool, vault } = v
  return {
    'get /users/{address}/positions': {
      params: { address: v.holder },
      query: { chain: chainId },
      ok: {
        positions: [
          {
            chainId,
            kind: 'vault',
            address: vault.address,
            shares: '989119544011328519',
            token: vault.want,
            amount: '1000000000000000000',
            usd: 2.01,
            deposited: '998000000000000000',
            earned: '2000000000000000',
          },
          {
            chainId,
            kind: 'pool',
            address: pool.address,
            pid: pool.pid,
            token: vault.want,
            amount: '500000000000000000',
            usd: 1.0,
            pendingRewards: [{ token: vault.want, amount: '1250000000000000' }],
          },
        ],
      },
    },
    'get /users/{address}/history': {
      params: { address: v.holder },
      query: { chain: chainId },
      ok: {
        actions: [
          {
            chainId,
            block: '370',
            timestamp: 1795000000,
            txHash: '0x5ea61610a6bd1032c2afa52fa93da72d39049370a71ec20e2765d12729280e26',
            action: 'deposit',
            contract: vault.address,
            token: vault.want,
            amount: '1000000000000000000',
            underlying: '1000000000000000000',
            usd: 2.01,
          },
        ],
      },
    },
    'get /users/{address}/pnl': {
      params: { address: v.holder },
      query: { chain: chainId },
      ok: {
        chains: [
          {
            chainId,
            blockNumber: '372',
            pricesBlock: '372',
            totals: {
              costBasisUsd: 3.0,
              realizedUsd: 0.0124,
              unrealizedUsd: 0.0161,
              feesPaidUsd: 0.0005,
              rewardsClaimedUsd: 0.0312,
              pendingRewardsUsd: 0.0025,
              pnlUsd: 0.0622,
            },
          },
        ],
        positions: [
          {
            chainId,
            kind: 'vault',
            address: vault.address,
            token: vault.want,
            price: tokenPriceExample(v),
            holding: { amount: '1000000000000000000', usd: 2.0055 },
            costBasis: { amount: '992000000000000000', usd: 1.9894 },
            realized: { amount: '6000000000000000', usd: 0.0124 },
            unrealized: { amount: '8000000000000000', usd: 0.0161 },
            yield: { amount: '14250000000000000', usd: 0.0286 },
            feesPaid: { amount: '250000000000000', usd: 0.0005 },
            priceEffectUsd: 0.0004,
            pnlUsd: 0.0285,
          },
          {
            chainId,
            kind: 'pool',
            address: pool.address,
            pid: pool.pid,
            token: vault.want,
            price: tokenPriceExample(v),
            holding: { amount: '500000000000000000', usd: 1.0028 },
            costBasis: { amount: '500000000000000000', usd: 1.0106 },
            realized: { amount: '0', usd: 0 },
            unrealized: { amount: '0', usd: -0.0078 },
            priceEffectUsd: -0.0078,
            rewardsClaimed: [{ token: vault.want, amount: '15550000000000000', usd: 0.0312 }],
            pendingRewards: [{ token: vault.want, amount: '1250000000000000', usd: 0.0025 }],
            pnlUsd: 0.0259,
          },
        ],
        totals: {
          costBasisUsd: 3.0,
          realizedUsd: 0.0124,
          unrealizedUsd: 0.0083,
          feesPaidUsd: 0.0005,
          rewardsClaimedUsd: 0.0312,
          pendingRewardsUsd: 0.0025,
          pnlUsd: 0.0544,
        },
      },
    },
    'get /users/{address}/pnl/history': {
      params: { address: v.holder },
      query: { chain: chainId, interval: '1d' },
      ok: {
        interval: '1d',
        points: [
          { chainId, blockNumber: '97', timestamp: 1794395200, worthUsd: 2.9931, costBasisUsd: 3.0, realizedUsd: 0, rewardsClaimedUsd: 0, pnlUsd: -0.0069 },
          {
            chainId,
            blockNumber: '331',
            timestamp: 1794913600,
            worthUsd: 3.0201,
            costBasisUsd: 3.0,
            realizedUsd: 0.0124,
            rewardsClaimedUsd: 0.0312,
            pnlUsd: 0.0637,
          },
        ],
      },
    },
    'get /stream': {
      query: { chain: chainId, topics: 'snapshot,harvest' },
      ok: [
        `id: 1795906608224-0\nevent: snapshot\ndata: ${JSON.stringify({
          chainId,
          blockNumber: '331',
          timestamp: 1794913600,
          takenAt: '2026-11-28T12:00:00.000Z',
          changed: [{ path: `/vaults?chain=${chainId}`, etag: '"2p19aMVEWcypoZf2SUteLz"' }],
        })}`,
        `id: 1795906608224-1\nevent: harvest\ndata: ${JSON.stringify({ chainId, vault: vault.address, harvest: { block: '331', wantHarvested: '1250000000000000' } })}`,
        '',
      ].join('\n\n'),
    },
  }
}
