import type { Address, Hex } from 'viem'
import { encodeApprove, encodeHarvest, encodeZapIn, encodeZapInNative, encodeZapOut, rewardPoolAdapterFor, vaultAdapterFor } from '../../protocols/index.js'
import type { BalanceChange, UnsignedTx } from '../../schema/index.js'
import { describeCall, descriptorOf, withFees } from '../../tx/index.js'
import { type ExampleValues, ONE, type OperationExample } from './exampleValues.js'
import { figureExamples } from './figureExamples.js'
import { readExamples } from './readExamples.js'
import { userExamples } from './userExamples.js'

/** The examples show the reference reward pool. */
const referencePool = rewardPoolAdapterFor({})

/** A fee suggestion as an idle devnet gives it: the node's 1 gwei tip over a base fee of about 7 wei. */
const SAMPLE_FEES = { blockNumber: 331n, nextBaseFeePerGas: 7n, maxPriorityFeePerGas: 1_000_000_000n, maxFeePerGas: 1_000_000_014n, tipSource: 'node' as const }

/** The zap's minimum LP output an example shows (the service reads it from `estimateSwap`). */
const ZAP_MIN_OUT = 148_219_781_392_451_072_692n

/** A zap-out's swap as an example shows it: what it paid in a simulation, and that less 1 % (the service simulates it). */
const ZAP_OUT_SWAP = 28_867_403_718_890_602n
const ZAP_OUT_MIN = (ZAP_OUT_SWAP * 99n) / 100n

/**
 * Every operation's example, keyed `method path` as the document names it. The 200 answers are
 * what the service builds for these inputs (call data encoded as it encodes it); only gas and
 * chain-dependent amounts are samples.
 */
export function operationExamples(v: ExampleValues, version: string): Record<string, OperationExample> {
  const { chainId, user, holder, vault, pool } = v
  const reads = { ...readExamples(v, version), ...userExamples(v) }
  const adapter = vaultAdapterFor(vault.kind)
  const step = (from: Address, to: Address, data: Hex, gas: number, value = 0n): UnsignedTx =>
    describeCall({ chain: { chainId }, from }, { to, data, value }, BigInt(gas))
  // Every descriptor carries the chain's fee suggestion: samples of an idle devnet's.
  const tx = (from: Address, to: Address, data: Hex, gas: number, extra: { value?: bigint; approvals?: UnsignedTx[]; expected?: BalanceChange[] } = {}) =>
    withFees(descriptorOf(step(from, to, data, gas, extra.value), extra.approvals ?? [], extra.expected ?? []), SAMPLE_FEES)
  const change = (token: Address | 'native', delta: bigint): BalanceChange => ({ token, delta: delta.toString() })
  const approval = (token: Address, spender: Address, amount: bigint) => step(user, token, encodeApprove(spender, amount), 69_112)
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
    'post /yield/{contractAddress}/tx/zap-out': {
      params: vaultPath,
      body: { user: holder, ibtAmount: String(position.shares / 10n), tokenOut: 'native', yieldZapAddress: vault.zap, slippage: 1, chainId },
      ok: {
        ...tx(holder, vault.zap, encodeZapOut(vault.address, position.shares / 10n, vault.zapTokenIn, ZAP_OUT_MIN), 412_518, {
          approvals: [step(holder, vault.address, encodeApprove(vault.zap, position.shares / 10n), 46_312)],
          expected: [change(vault.address, -(position.shares / 10n)), change('native', 57_734_807_437_781_204n)],
        }),
        priceImpact: 0.5593,
        swapMinimumOut: String(ZAP_OUT_MIN),
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
    ...reads,
    ...figureExamples(v, (reads['get /vaults']!.ok as unknown[])[0]),
  }
}
