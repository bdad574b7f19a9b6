import { type ExampleValues, ONE, type OperationExample } from './exampleValues.js'
import { dataHealthExample, tokenPriceExample } from './figureExamples.js'

/** The devnet strategy's fees: 4.5 % of each harvest, 0.5 % of it to the caller, 0.1 % of each withdrawal. */
const SAMPLE_VAULT_FEES = {
  performance: { total: 0.045, call: 0.005, strategist: 0, treasury: 0.04, split: { call: 0.111111111111, strategist: 0, treasury: 0.888888888889 } },
  withdraw: 0.001,
  deposit: 0,
}

/** The examples of the GET operations: aggregates, history and meta. */
export function readExamples(v: ExampleValues, version: string): Record<string, OperationExample> {
  const { chainId, pool, vault, token } = v
  const takenAt = '2026-11-22T10:00:00.000Z'
  return {
    'get /tvl/pool/{poolAddress}': {
      params: { poolAddress: pool.address },
      query: { chain: chainId },
      ok: { total: 60000.17, ...Object.fromEntries(pool.stakingTokens.map((staking, index) => [staking, index === 0 ? 50000.15 : 10000.02])), warnings: [] },
    },
    'get /tokens/{address}/staked': {
      params: { address: pool.stakingToken },
      query: { chain: chainId },
      ok: { totalStaked: '25000000000000000000000', warnings: [] },
    },
    'get /version': { ok: { version } },
    'get /lp': { query: { lptoken: vault.want, amount: String(ONE), chain: chainId }, ok: { [vault.want]: { usd: 69.28 } } },
    'get /tokens': {
      query: { chain: chainId },
      ok: {
        [token.address]: {
          image: `https://assets.devnet.local/tokens/${token.symbol.toLowerCase()}.svg`,
          name: `${token.symbol} Token`,
          symbol: token.symbol,
          decimals: 18,
          ...tokenPriceExample(v),
        },
      },
    },
    'get /tvl': { query: { platform: 'all' }, ok: { bridgeTvl: 30000046.34, poolTvl: 870001.14, yieldTvl: 1260017.58, total: 32130065.06, warnings: [] } },
    'get /v2/pools': { query: { chain: chainId }, ok: [rewardPoolExample(v)] },
    'get /bridges': {
      ok: v.bridge
        ? [
            {
              ticker: v.bridge.ticker,
              symbol: v.bridge.ticker,
              name: `${v.bridge.ticker} (bridged)`,
              ethBridgeAddress: v.bridge.ethBridge,
              bscBridgeAddress: v.bridge.bscBridge,
              erc20: v.bridge.erc20,
              bep20: v.bridge.bep20,
              decimals: 18,
            },
          ]
        : [],
    },
    'get /harvestable': {
      query: { chain: chainId },
      ok: [
        {
          strategy: vault.strategy,
          vault: vault.address,
          callReward: '1250000000000000',
          callRewardReadAt: '330',
          callRewardUsd: 0.75,
          harvestGas: 214_532,
          gasPrice: '1000000000',
          fees: { maxFeePerGas: '1000000014', maxPriorityFeePerGas: '1000000000', blockNumber: '330' },
          netProfitUsd: 0.621,
          profitable: true,
          reasons: [],
        },
      ],
    },
    'get /vaults': {
      query: { chain: chainId },
      ok: [
        {
          address: vault.address,
          chainId,
          kind: vault.kind,
          name: 'Beefy WBNB-YLD LP',
          want: vault.want,
          wantSymbol: 'WBNB-YLD LP',
          wantDecimals: 18,
          shareDecimals: 18,
          lpTokens: { token0: vault.zapTokenIn, token1: token.address },
          strategy: vault.strategy,
          zaps: [{ address: vault.zap, defaultTokenIn: vault.zapTokenIn }],
          pricePerShare: '1000043798184460383',
          tvl: 420005.86,
          lastHarvest: 1_795_000_000,
          status: 'active',
          idle: false,
          fees: SAMPLE_VAULT_FEES,
          apyBreakdown: {
            farmApr: 0.1,
            vaultApr: 0.0955,
            compoundingsPerYear: 365,
            performanceFee: 0.045,
            vaultApy: 0.100195,
            tradingApr: 0.042,
            totalApy: 0.146403,
            tradingAprFrom: { window: '7d', blockNumber: '97', timestamp: 1794395200 },
          },
          apy: { '1d': 0.12451102, '7d': 0.12038467, '30d': null, '90d': null, inception: 0.11873215 },
          apyFrom: {
            '1d': { blockNumber: '331', timestamp: 1794913600, source: 'store' },
            '7d': { blockNumber: '97', timestamp: 1794395200, source: 'node' },
            '30d': null,
            '90d': null,
            inception: { blockNumber: '12', timestamp: 1794310000, source: 'index' },
          },
          notes: ["30d: the chain's first block is younger than 30d", "90d: the chain's first block is younger than 90d"],
        },
      ],
    },
    'get /fees': { query: { chain: chainId }, ok: { [vault.address]: SAMPLE_VAULT_FEES } },
    'get /vaults/{address}/apy-history': {
      params: { address: vault.address },
      query: { chain: chainId },
      ok: { points: [{ blockNumber: '331', takenAt, timestamp: 1794913600, pricePerShare: '1000043798184460383', apy: 0.12451102 }] },
    },
    'get /vaults/{address}/harvests': {
      params: { address: vault.address },
      query: { chain: chainId },
      ok: {
        vault: vault.address,
        strategy: vault.strategy,
        indexedThrough: '372',
        harvests: [
          {
            block: '370',
            timestamp: 1795000000,
            txHash: '0x5ea61610a6bd1032c2afa52fa93da72d39049370a71ec20e2765d12729280e26',
            harvester: v.holder,
            wantHarvested: '2751034562083109',
            callReward: '71910371012480',
            usd: 1.7211,
            gain: '2751034562083109',
            totalWantBefore: '209424513009871233410',
            fees: {
              token: v.token.address,
              source: 'transfers',
              call: { amount: '71910371012480', usd: 0.0431 },
              treasury: { amount: '575282968099840', usd: 0.3452 },
              strategist: { amount: '0', usd: 0 },
              total: { amount: '647193339112320', usd: 0.3883 },
            },
            apr: 0.1103,
          },
        ],
      },
    },
    'get /status': {
      ok: {
        chains: [
          {
            chainId,
            head: '372',
            snapshotBlock: '372',
            snapshotAgeSeconds: 1,
            stale: false,
            ready: true,
            blockTime: { seconds: 0.45, source: 'measured' },
            index: { indexedBlock: '372', head: '372', lagBlocks: 0, backfillPercent: 100, indexesBuilt: true },
            dataHealth: dataHealthExample(v),
            nodes: [{ index: 0, breakerOpen: false, lagging: false, lastOkAgoMs: 812, wrongChainId: null }],
          },
        ],
        registry: { checkedAt: takenAt, errors: [], warnings: [], withheld: [] },
      },
    },
    'get /tvl/history': {
      query: { platform: 'all' },
      ok: { points: [{ chainId, blockNumber: '331', takenAt, bridgeTvl: 15000023.17, poolTvl: 120000.34, yieldTvl: 420005.86, total: 15540029.37 }] },
    },
    'get /v2/pools/{poolAddress}/apr-history': {
      params: { poolAddress: pool.address },
      query: { chain: chainId },
      ok: { points: [{ pid: pool.pid, blockNumber: '331', takenAt, apr: 1.1563 }] },
    },
    'get /v2/pools/apr-history': {
      query: { chain: chainId },
      ok: { points: [{ pool: pool.address, pid: pool.pid, blockNumber: '331', takenAt, apr: 1.1563 }] },
    },
    'get /healthz': { ok: { status: 'ok' } },
    'get /readyz': { ok: { status: 'ready', chains: { [String(chainId)]: { blockNumber: '331' } } } },
    ...(v.devnet && { 'get /devnet': { ok: v.devnet } }),
  }
}

/** One RewardPool of E2, with the example pool's contracts. */
function rewardPoolExample(v: ExampleValues) {
  const { pool } = v
  return {
    version: 2,
    address: pool.address,
    name: 'Demo Reward Pool 1',
    decimals: 18,
    subtitle: 'Stake YLD',
    keywords: ['devnet', 'staking'],
    completedAPR: {},
    description: 'Earn the reward tokens by staking.',
    image: 'https://assets.devnet.local/pools/1.svg',
    links: { website: { label: 'Website', url: 'https://devnet.local' } },
    chaindata: {
      rewardPerBlock: pool.rewardTokens.map(() => '10000000000000000'),
      startBlock: '1',
      endBlock: '10000000',
      claimDelay: '1',
      unstakeDelayDuration: '5',
      totalAllocationPoints: String(pool.stakingTokens.length * 100),
      rewardVault: pool.rewardVault,
      rewardToken: pool.rewardTokens,
      farmingPeriod: '347.22',
      totalReward: pool.rewardTokens.map(() => '99999990000000000000000'),
      stakingPools: pool.stakingTokens.map((stakingToken, pid) => ({
        stakingToken,
        allocationPoints: '100',
        pid,
        swapPath: [],
        decimals: '18',
        depositCap: '0',
        capValidUntilBlock: '0',
        totalStaked: '25000000000000000000000',
        participants: '1',
        apr: 115.63,
      })),
    },
    compoundEnabled: true,
    latestUnstakeDelayBlock: '10000004',
    fees: { feeManager: '0xBcd4042DE499D14e55001CcbB24a551F3b954096', protocolFee: 500, withdrawPenaltyFee: 0, withdrawPenaltyBlock: 0 },
    minimumAllocationPoint: 100,
    timeLock: '337',
    startBlockDuration: 0,
    endBlockDuration: 29999007,
    timeLockDuration: 0,
    tvl: 100001.04,
  }
}
