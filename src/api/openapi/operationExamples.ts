import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { encodeHarvest, encodeZapIn, encodeZapInNative, rewardPoolAdapterFor, vaultAdapterFor } from '../../protocols/index.js'
import type { BalanceChange, UnsignedTx } from '../../schema/index.js'
import { descriptorOf, withFees } from '../../tx/index.js'
import type { ExampleValues } from './exampleValues.js'

/** The examples show the reference reward pool. */
const referencePool = rewardPoolAdapterFor({})

/** The example of one operation: its path and query parameters, its body, and its 200 answer. */
export interface OperationExample {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
  ok?: unknown
}

/** 1 token of 18 decimals, in wei: every example amount. */
const ONE = 10n ** 18n
/** A fee suggestion as an idle devnet gives it: the node's 1 gwei tip over a base fee of about 7 wei. */
const SAMPLE_FEES = { blockNumber: 331n, nextBaseFeePerGas: 7n, maxPriorityFeePerGas: 1_000_000_000n, maxFeePerGas: 1_000_000_014n, tipSource: 'node' as const }

/** The zap's minimum LP output an example shows (the service reads it from `estimateSwap`). */
const ZAP_MIN_OUT = 148_219_781_392_451_072_692n

/**
 * Every operation's example, keyed `method path` as the document names it. The 200 answers are
 * what the service builds for these inputs (call data encoded as it encodes it); only gas and
 * chain-dependent amounts are samples.
 */
export function operationExamples(v: ExampleValues, version: string): Record<string, OperationExample> {
  const { chainId, user, holder, vault, pool } = v
  const adapter = vaultAdapterFor(vault.kind)
  const step = (from: Address, to: Address, data: Hex, gas: number, value = 0n): UnsignedTx => ({ data, gas, to, value: String(value), chainId, from })
  // Every descriptor carries the chain's fee suggestion: samples of an idle devnet's.
  const tx = (from: Address, to: Address, data: Hex, gas: number, extra: { value?: bigint; approvals?: UnsignedTx[]; expected?: BalanceChange[] } = {}) =>
    withFees(descriptorOf(step(from, to, data, gas, extra.value), extra.approvals ?? [], extra.expected ?? []), SAMPLE_FEES)
  const change = (token: Address | 'native', delta: bigint): BalanceChange => ({ token, delta: delta.toString() })
  const approval = (token: Address, spender: Address, amount: bigint) =>
    step(user, token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }), 69_112)
  const vaultPath = { contractAddress: vault.address }
  const strategyPath = { contractAddress: vault.strategy }
  const poolPath = { poolAddress: pool.address, pid: pool.pid }
  const zapBody = { user, tokenInAmount: String(ONE), yieldZapAddress: vault.zap, slippage: 1, chainId }
  const walletBalance = 288_675_134_594_812_882_254n
  /** The holder's position in the example vault: shares, and their worth in want. */
  const position = { shares: 577_350_269_189_625_764_489n, underlying: 577_366_073_507_334_215_106n }

  return {
    'post /yield/{contractAddress}/tx/deposit': {
      params: vaultPath,
      body: { user, amount: String(ONE), chainId },
      ok: tx(user, vault.address, adapter.encodeDeposit(ONE, user), 246_219, {
        approvals: [approval(vault.want, vault.address, ONE)],
        expected: [change(vault.want, -ONE), change(vault.address, 989_119_544_011_328_519n)],
      }),
    },
    'post /yield/{contractAddress}/tx/deposit-all': {
      params: vaultPath,
      body: { user, chainId },
      ok: tx(user, vault.address, adapter.encodeDeposit(walletBalance, user), 246_266, { approvals: [approval(vault.want, vault.address, walletBalance)] }),
    },
    'post /yield/{contractAddress}/tx/zap-in': {
      params: vaultPath,
      body: zapBody,
      ok: {
        ...tx(user, vault.zap, encodeZapIn(vault.address, ZAP_MIN_OUT, vault.zapTokenIn, ONE), 637_658, {
          approvals: [approval(vault.zapTokenIn, vault.zap, ONE)],
          expected: [change(vault.zapTokenIn, -ONE), change(vault.address, 70_336_121_480_418_391n)],
        }),
        priceImpact: 0.3514,
      },
    },
    'post /yield/{contractAddress}/tx/zap-in-bnb': {
      params: vaultPath,
      body: zapBody,
      ok: {
        ...tx(user, vault.zap, encodeZapInNative(vault.address, ZAP_MIN_OUT), 589_224, {
          value: ONE,
          expected: [change('native', -ONE), change(vault.address, 70_336_121_480_418_391n)],
        }),
        priceImpact: 0.3514,
      },
    },
    'post /yield/{contractAddress}/tx/withdraw': {
      params: vaultPath,
      body: { user: holder, tokenAmount: String(ONE / 2n), chainId },
      ok: tx(holder, vault.address, adapter.encodeRedeem(499_986_317_812_475_027n, holder), 200_208),
    },
    'post /yield/{contractAddress}/tx/withdraw-all': {
      params: vaultPath,
      body: { user: holder, chainId },
      ok: tx(holder, vault.address, adapter.encodeWithdrawAll(holder, position) ?? adapter.encodeRedeem(position.shares, holder), 200_078),
    },
    'post /yield/{contractAddress}/tx/harvest': { params: strategyPath, body: { user, chainId }, ok: tx(user, vault.strategy, encodeHarvest(), 370_368) },
    'post /yield/{contractAddress}/call/user-deposited': {
      params: vaultPath,
      body: { user: holder, chainId },
      ok: { data: String(position.underlying), gas: 200_078, shares: String(position.shares) },
    },
    'post /yield/{contractAddress}/call/pending-fees': { params: strategyPath, body: { chainId }, ok: { data: '2249999999999', gas: 390_888 } },
    'post /pool/{poolAddress}/{pid}/tx/stake': {
      params: poolPath,
      body: { user, amount: String(ONE), chainId },
      ok: tx(user, pool.address, referencePool.encodeAction('stake', BigInt(pool.pid), ONE), 310_760, {
        approvals: [approval(pool.stakingToken, pool.address, ONE)],
        expected: [change(pool.stakingToken, -ONE)],
      }),
    },
    'post /pool/{poolAddress}/{pid}/tx/unstake': {
      params: poolPath,
      // P2's chainId is a string in the interface document: the example shows that form.
      body: { user: holder, amount: String(ONE), chainId: String(chainId) },
      ok: tx(holder, pool.address, referencePool.encodeAction('unstake', BigInt(pool.pid), ONE), 223_685, { expected: [change(pool.stakingToken, ONE)] }),
    },
    'post /pool/{poolAddress}/{pid}/tx/claim': {
      params: poolPath,
      body: { user: holder, chainId },
      ok: tx(holder, pool.address, referencePool.encodeAction('claim', BigInt(pool.pid), 0n), 261_730),
    },
    'post /pool/{poolAddress}/{pid}/call/user-staked': { params: poolPath, body: { user: holder, chainId }, ok: '25000000000000000000000' },
    'post /pool/{poolAddress}/{pid}/call/pending-rewards': { params: poolPath, body: { user: holder, chainId }, ok: '615000000000000000' },
    ...readExamples(v, version),
  }
}

/** The examples of the GET operations: aggregates, history and meta. */
function readExamples(v: ExampleValues, version: string): Record<string, OperationExample> {
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
          callRewardUsd: 0.75,
          harvestGas: 214_532,
          gasPrice: '1000000000',
          fees: { maxFeePerGas: '1000000014', maxPriorityFeePerGas: '1000000000', blockNumber: '330' },
          netProfitUsd: 0.621,
          profitable: true,
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
          apy: { '1d': 12.4511, '7d': 12.0385, '30d': null },
          apyFrom: {
            '1d': { blockNumber: '331', timestamp: 1794913600, source: 'store' },
            '7d': { blockNumber: '97', timestamp: 1794395200, source: 'node' },
            '30d': null,
          },
          notes: ["30d: the chain's first block is younger than 30d"],
        },
      ],
    },
    'get /vaults/{address}/apy-history': {
      params: { address: vault.address },
      query: { chain: chainId },
      ok: { points: [{ blockNumber: '331', takenAt, timestamp: 1794913600, pricePerShare: '1000043798184460383', apy: 12.4511 }] },
    },
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
            index: { indexedBlock: '372', head: '372', lagBlocks: 0, backfillPercent: 100 },
            nodes: [{ index: 0, breakerOpen: false, lagging: false, lastOkAgoMs: 812 }],
          },
        ],
      },
    },
    'get /tvl/history': {
      query: { platform: 'all' },
      ok: { points: [{ chainId, blockNumber: '331', takenAt, bridgeTvl: 15000023.17, poolTvl: 120000.34, yieldTvl: 420005.86, total: 15540029.37 }] },
    },
    'get /v2/pools/{poolAddress}/apr-history': {
      params: { poolAddress: pool.address },
      query: { chain: chainId },
      ok: { points: [{ pid: pool.pid, blockNumber: '331', takenAt, apr: 115.63 }] },
    },
    'get /v2/pools/apr-history': {
      query: { chain: chainId },
      ok: { points: [{ pool: pool.address, pid: pool.pid, blockNumber: '331', takenAt, apr: 115.63 }] },
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
