import { type Abi, type Address, type Hex, BaseError, decodeErrorResult, encodeDeployData, erc20Abi, maxUint256, parseEther, parseEventLogs } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, erc4626VaultAbi, erc4626VaultBytecode, strategyFarmAbi, strategyFarmBytecode } from '../../contracts/artifacts/index.js'
import { type FundedAccount, TX_GAS, confirm, deploy, devnetChain, fundedAccount, mine, publicClientFor, revertOf, walletClientFor } from '../devnet.js'

const CHAIN = 1
const pub = publicClientFor(CHAIN)
let user: FundedAccount

const vault = (kind: 'beefy' | 'erc4626', lp: boolean, withStrategy = true) => {
  const lpTokens = devnetChain(CHAIN).lpTokens
  const v = devnetChain(CHAIN).vaults.find((x) => x.kind === kind && lpTokens.includes(x.want) === lp && (x.strategy !== undefined) === withStrategy)
  if (v === undefined) throw new Error(`no ${kind} vault (lp ${lp}, strategy ${withStrategy}) on chain ${CHAIN}`)
  return v
}

function balanceOf(token: Address, owner: Address, blockNumber?: bigint) {
  return pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner], blockNumber })
}

function approve(token: Address, spender: Address) {
  return confirm(
    CHAIN,
    walletClientFor(CHAIN, user.account).writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
  )
}

beforeAll(async () => {
  user = await fundedAccount(CHAIN)
})

/** The custom error a contract creation reverts with, decoded with `abi`; throws if it deploys. */
async function deployRevertOf(abi: Abi, bytecode: Hex, args: readonly unknown[]) {
  try {
    await pub.call({ account: user.address, data: encodeDeployData({ abi, bytecode, args }) })
  } catch (err) {
    const raw = err instanceof BaseError ? err.walk((e) => typeof (e as { data?: unknown }).data === 'string') : undefined
    const data = (raw as { data?: Hex } | undefined)?.data
    if (data !== undefined) return decodeErrorResult({ abi, data })
    throw err
  }
  throw new Error('expected the deployment to revert, it succeeded')
}

/** Want (token wei) a Beefy withdraw of `amount` pays when `idle` of it sits in the vault: the strategy keeps its fee on the rest. */
async function afterWithdrawalFee(strategy: Address, amount: bigint, idle: bigint) {
  const [fee, max] = await Promise.all([
    pub.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'withdrawalFee' }),
    pub.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'WITHDRAWAL_MAX' }),
  ])
  const pulled = amount > idle ? amount - idle : 0n
  return amount - (pulled * fee) / max
}

describe('BeefyVault', () => {
  it("mints shares pro rata to balance() and returns want, minus the strategy's withdrawal fee, on withdraw", async () => {
    const v = vault('beefy', true)
    const wallet = walletClientFor(CHAIN, user.account)
    await approve(v.want, v.address)
    const amount = (await balanceOf(v.want, user.address)) / 4n
    const r = await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: v.address, abi: beefyVaultAbi, functionName: 'deposit', args: [amount] }))
    const before = r.blockNumber - 1n
    const poolBefore = await pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'balance', blockNumber: before })
    const supplyBefore = await pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'totalSupply', blockNumber: before })
    const shares = await balanceOf(v.address, user.address)
    expect(shares).toBe((amount * supplyBefore) / poolBefore)
    // earn() pushed everything to the strategy.
    expect(await pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'available' })).toBe(0n)

    expect(
      await revertOf(pub.simulateContract({ account: user.account, address: v.address, abi: beefyVaultAbi, functionName: 'withdraw', args: [shares + 1n] })),
    ).toEqual({
      errorName: 'InsufficientShares',
      args: [shares, shares + 1n],
    })
    expect(
      (await revertOf(pub.simulateContract({ account: user.account, address: v.address, abi: beefyVaultAbi, functionName: 'deposit', args: [0n] }))).errorName,
    ).toBe('ZeroAmount')

    const wantBefore = await balanceOf(v.want, user.address)
    const w = await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: v.address, abi: beefyVaultAbi, functionName: 'withdrawAll' }))
    const pool = await pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'balance', blockNumber: w.blockNumber - 1n })
    const supply = await pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'totalSupply', blockNumber: w.blockNumber - 1n })
    const idle = await pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'available', blockNumber: w.blockNumber - 1n })
    expect((await balanceOf(v.want, user.address)) - wantBefore).toBe(await afterWithdrawalFee(v.strategy!, (pool * shares) / supply, idle))
    expect(await balanceOf(v.address, user.address)).toBe(0n)
  })

  it('pays a withdrawal pulled from the strategy minus 0.1%, which stays in the vault for the other depositors', async () => {
    const v = vault('beefy', false)
    const strategy = v.strategy!
    const wallet = walletClientFor(CHAIN, user.account)
    expect(await pub.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'withdrawalFee' })).toBe(10n)
    expect(await pub.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'WITHDRAWAL_MAX' })).toBe(10_000n)

    await approve(v.want, v.address)
    await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: v.address, abi: beefyVaultAbi, functionName: 'deposit', args: [parseEther('2000')] }))
    const shares = (await balanceOf(v.address, user.address)) / 2n
    const wantBefore = await balanceOf(v.want, user.address)
    const w = await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: v.address, abi: beefyVaultAbi, functionName: 'withdraw', args: [shares] }))

    const at = (blockNumber: bigint) =>
      Promise.all([
        pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'balance', blockNumber }),
        pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'totalSupply', blockNumber }),
        pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'available', blockNumber }),
        pub.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'balanceOf', blockNumber }),
      ])
    const [pool, supply, idle, strategyBefore] = await at(w.blockNumber - 1n)
    const [poolAfter, , , strategyAfter] = await at(w.blockNumber)
    // earn() sent everything to the strategy: the whole amount is pulled from it.
    expect(idle).toBe(0n)
    const amount = (pool * shares) / supply
    const fee = amount / 1_000n
    expect(fee).toBeGreaterThan(0n)
    const delivered = (await balanceOf(v.want, user.address)) - wantBefore
    expect(delivered).toBe(amount - fee)

    const [withdrawn] = parseEventLogs({ abi: strategyFarmAbi, eventName: 'Withdrawn', logs: w.logs })
    expect(withdrawn?.args).toEqual({ amount: amount - fee, fee })
    // The fee stays in the strategy, still counted in the vault's balance(): only what was paid left.
    expect(strategyBefore - strategyAfter).toBe(delivered)
    expect(pool - poolAfter).toBe(delivered)
  })
})

describe('StrategyFarm withdrawal fee at deployment', () => {
  /** Constructor arguments of a single-token strategy over the ERC-4626 YLD vault's farm, with `fee` basis points. */
  async function strategyArgs(fee: bigint) {
    const v = vault('erc4626', false, true)
    const farm = await pub.readContract({ address: v.strategy!, abi: strategyFarmAbi, functionName: 'farm' })
    const c = devnetChain(CHAIN)
    return [v.want, farm, c.uniswap.router, user.address, false, [c.wrappedNative, v.want], [], fee] as const
  }

  it('refuses a fee above the 0.5% cap', async () => {
    expect(await deployRevertOf(strategyFarmAbi, strategyFarmBytecode, await strategyArgs(51n))).toMatchObject({
      errorName: 'WithdrawalFeeTooHigh',
      args: [51n, 50n],
    })
  })

  it('cannot back an ERC-4626 vault when it charges one (withdraw must pay exactly `assets`)', async () => {
    const args = await strategyArgs(10n)
    const strategy = await deploy(CHAIN, user.account, { abi: strategyFarmAbi, bytecode: strategyFarmBytecode, args })
    expect(await deployRevertOf(erc4626VaultAbi, erc4626VaultBytecode, [args[0], strategy, 'Vault fee', 'vFEE'])).toMatchObject({
      errorName: 'StrategyChargesWithdrawalFee',
      args: [10n],
    })
  })

  it("is 0 behind the devnet's ERC-4626 vaults", async () => {
    for (const v of devnetChain(CHAIN).vaults.filter((x) => x.kind === 'erc4626' && x.strategy !== undefined)) {
      expect(await pub.readContract({ address: v.strategy!, abi: strategyFarmAbi, functionName: 'withdrawalFee' })).toBe(0n)
    }
  })
})

describe('Erc4626Vault', () => {
  it('pushes deposits to its strategy and pulls them back on redeem', async () => {
    const v = vault('erc4626', false, true)
    const wallet = walletClientFor(CHAIN, user.account)
    await approve(v.want, v.address)
    const assets = parseEther('1000')
    const strategyBefore = await pub.readContract({ address: v.strategy!, abi: strategyFarmAbi, functionName: 'balanceOf' })
    const expectedShares = await pub.readContract({ address: v.address, abi: erc4626VaultAbi, functionName: 'previewDeposit', args: [assets] })
    await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: v.address, abi: erc4626VaultAbi, functionName: 'deposit', args: [assets, user.address] }))
    const shares = await balanceOf(v.address, user.address)
    expect(shares).toBe(expectedShares)
    expect((await pub.readContract({ address: v.strategy!, abi: strategyFarmAbi, functionName: 'balanceOf' })) - strategyBefore).toBe(assets)
    expect(await balanceOf(v.want, v.address)).toBe(0n)

    const wantBefore = await balanceOf(v.want, user.address)
    const preview = await pub.readContract({ address: v.address, abi: erc4626VaultAbi, functionName: 'previewRedeem', args: [shares] })
    await confirm(
      CHAIN,
      wallet.writeContract({ gas: TX_GAS, address: v.address, abi: erc4626VaultAbi, functionName: 'redeem', args: [shares, user.address, user.address] }),
    )
    expect((await balanceOf(v.want, user.address)) - wantBefore).toBe(preview)
    expect(preview).toBeGreaterThanOrEqual(assets - 1n)
  })

  it('works without a strategy: deposit then withdraw exact assets', async () => {
    const v = vault('erc4626', false, false)
    const wallet = walletClientFor(CHAIN, user.account)
    await approve(v.want, v.address)
    const idleBefore = await balanceOf(v.want, v.address)
    await confirm(
      CHAIN,
      wallet.writeContract({ gas: TX_GAS, address: v.address, abi: erc4626VaultAbi, functionName: 'deposit', args: [5_000_000n, user.address] }),
    )
    expect((await balanceOf(v.want, v.address)) - idleBefore).toBe(5_000_000n)
    expect(await pub.readContract({ address: v.address, abi: erc4626VaultAbi, functionName: 'maxWithdraw', args: [user.address] })).toBe(5_000_000n)
    await confirm(
      CHAIN,
      wallet.writeContract({ gas: TX_GAS, address: v.address, abi: erc4626VaultAbi, functionName: 'withdraw', args: [5_000_000n, user.address, user.address] }),
    )
    expect(await balanceOf(v.address, user.address)).toBe(0n)
  })
})

/** Tries at harvesting in the block whose state was read. */
const HARVEST_TRIES = 20

describe('StrategyFarm.harvest', () => {
  /**
   * Reads the state the harvest will run on (the pending block), then harvests; retries if a
   * transaction of another test file slipped into that block first, the block was mined a second
   * later than the pending one said, or nothing had accrued in the pending block's second.
   */
  async function harvestObserved(v: { address: Address; strategy?: Address }) {
    const wallet = walletClientFor(CHAIN, user.account)
    const native = devnetChain(CHAIN).wrappedNative
    // Other files mine on the same chain: in a busy stretch five tries all met another block first.
    for (let attempt = 0; attempt < HARVEST_TRIES; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 200))
      const pending = await pub.getBlock({ blockTag: 'pending' })
      const read = { blockTag: 'pending' } as const
      const [callReward, balance, ppfs, nativeBefore] = await Promise.all([
        pub.readContract({ address: v.strategy!, abi: strategyFarmAbi, functionName: 'callReward', ...read }),
        pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'balance', ...read }),
        pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'getPricePerFullShare', ...read }),
        balanceOf(native, user.address),
      ])
      // Another file's harvest or deposit settled the farm in the pending block's second: nothing has accrued yet, so a block later.
      if (callReward === 0n) {
        await mine(CHAIN, 1)
        continue
      }
      const r = await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: v.strategy!, abi: strategyFarmAbi, functionName: 'harvest' }))
      const mined = await pub.getBlock({ blockNumber: r.blockNumber })
      // the reward accrues by the second: the pending state matches only if nothing ran first and the clock agreed
      if (r.blockNumber !== pending.number || r.transactionIndex !== 0 || mined.timestamp !== pending.timestamp) continue
      const paid = (await balanceOf(native, user.address, r.blockNumber)) - nativeBefore
      return { callReward, balance, ppfs, paid, receipt: r }
    }
    throw new Error('could not harvest in the observed block')
  }

  for (const lp of [true, false]) {
    it(`pays the caller callReward() and compounds into want (${lp ? 'LP' : 'single-token'} want)`, async () => {
      const v = vault('beefy', lp)
      await mine(CHAIN, 20)
      const h = await harvestObserved(v)
      expect(h.callReward).toBeGreaterThan(0n)
      expect(h.paid).toBe(h.callReward)
      const balanceAfter = await pub.readContract({ address: v.address, abi: beefyVaultAbi, functionName: 'balance', blockNumber: h.receipt.blockNumber })
      const ppfsAfter = await pub.readContract({
        address: v.address,
        abi: beefyVaultAbi,
        functionName: 'getPricePerFullShare',
        blockNumber: h.receipt.blockNumber,
      })
      expect(balanceAfter).toBeGreaterThan(h.balance)
      expect(ppfsAfter).toBeGreaterThan(h.ppfs)
      const block = await pub.getBlock({ blockNumber: h.receipt.blockNumber })
      expect(await pub.readContract({ address: v.strategy!, abi: strategyFarmAbi, functionName: 'lastHarvest', blockNumber: h.receipt.blockNumber })).toBe(
        block.timestamp,
      )
    })
  }

  it('does not revert when harvested twice in a row', async () => {
    const v = vault('erc4626', true)
    const wallet = walletClientFor(CHAIN, user.account)
    await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: v.strategy!, abi: strategyFarmAbi, functionName: 'harvest' }))
    await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: v.strategy!, abi: strategyFarmAbi, functionName: 'harvest' }))
  })
})
