import { createWalletClient, erc20Abi, type Hex, http, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { rewardFarmAbi, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { get, post } from '../../test/app.js'
import { confirmOn } from '../../test/devnet.js'
import { ownService } from '../../test/ownService.js'
import type { RegistryFile } from '../registry/index.js'

/**
 * A vault's status and a harvest's reasons, on a chain of its own moved by real transactions: a
 * strategy paused by its own `pause()`, a vault the registry retires, a farm with nothing left, a
 * strategy that answers nothing.
 */
const CHAIN = 31_457

describe('vault status and harvest reasons', () => {
  const { own, service } = ownService(
    { chainId: CHAIN, specOf: 56 },
    {
      setUp: (own) => {
        const registry = structuredClone(own.registry) as RegistryFile
        const vaults = registry.chains[String(CHAIN)]!.vaults!
        vaults.find((vault) => vault.address === retired().address)!.retired = true
        return { registry }
      },
      ready: (service) => service.refresher.refresh(CHAIN),
    },
  )
  const beefy = () => own().manifest.vaults.filter((vault) => vault.kind === 'beefy' && vault.strategy && vault.zap)
  const paused = () => beefy()[0]!
  const retired = () => beefy()[1]!
  const deployer = () => privateKeyToAccount(own().manifest.accounts[0]!.privateKey as Hex)
  const send = async (request: { address: Hex; abi: typeof strategyFarmAbi; functionName: 'pause' | 'unpause' | 'harvest' }) => {
    const wallet = createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: deployer() })
    await confirmOn(own().client, wallet.writeContract(request))
  }
  const entry = async (vault: Hex) =>
    (await get(service().app, `/vaults?chain=${CHAIN}`)).body.find((candidate: { address: string }) => candidate.address === vault)
  const harvestable = async (strategy: Hex) =>
    (await get(service().app, `/harvestable?chain=${CHAIN}`)).body.find((candidate: { strategy: string }) => candidate.strategy === strategy)
  const build = (vault: Hex, action: string, extra: Record<string, unknown>) =>
    post(service().app, `/yield/${vault}/tx/${action}`, { user: deployer().address, chainId: CHAIN, ...extra })

  it('a vault the registry retires is listed retired; deposits and zaps in are refused, withdrawals built', async () => {
    const listed = await entry(retired().address)
    expect(listed.status).toBe('retired')
    expect(listed.notes).toContain(`status: vault ${retired().address} is retired (the registry says so): it takes no new deposits`)
    for (const [action, extra] of [
      ['deposit', { amount: '1000' }],
      ['deposit-all', {}],
      ['zap-in', { tokenInAmount: '1000', slippage: 1, yieldZapAddress: retired().zap }],
    ] as const) {
      const refused = await build(retired().address, action, extra)
      expect(refused.status, `${action}: ${JSON.stringify(refused.body)}`).toBe(422)
      expect(refused.body.code).toBe('VAULT_RETIRED')
      expect(refused.body.detail).toContain('withdrawals still work')
    }
    // The deployer's own deposit of the devnet's start comes out.
    const shares = await own().client.readContract({ address: retired().address, abi: erc20Abi, functionName: 'balanceOf', args: [deployer().address] })
    expect(shares).toBeGreaterThan(0n)
    expect((await build(retired().address, 'withdraw', { ibtAmount: (shares / 2n).toString() })).status).toBe(200)
    expect((await entry(paused().address)).status).toBe('active')
  })

  it('a strategy paused by its own pause() makes its vault paused: deposits and zaps in refused before any simulation, withdrawals sent; unpaused, active again', async () => {
    await send({ address: paused().strategy!, abi: strategyFarmAbi, functionName: 'pause' })
    await service().refresher.refresh(CHAIN)
    const listed = await entry(paused().address)
    expect(listed.status).toBe('paused')
    expect(listed.notes.some((note: string) => note.startsWith(`status: strategy ${paused().strategy} of vault ${paused().address} is paused at block`))).toBe(
      true,
    )
    for (const [action, extra] of [
      ['deposit', { amount: '1000' }],
      ['zap-in', { tokenInAmount: '1000', slippage: 1, yieldZapAddress: paused().zap }],
    ] as const) {
      const refused = await build(paused().address, action, extra)
      expect(refused.status, action).toBe(422)
      // The service's own refusal, not the chain's revert (which would be EXECUTION_REVERTED, EnforcedPause).
      expect(refused.body.code).toBe('VAULT_PAUSED')
    }
    const reasons = (await harvestable(paused().strategy!)).reasons as { kind: string; detail: string }[]
    expect(reasons.map((reason) => reason.kind)).toContain('paused')
    // A withdrawal is built and goes through while paused.
    const shares = await own().client.readContract({ address: paused().address, abi: erc20Abi, functionName: 'balanceOf', args: [deployer().address] })
    const withdraw = await build(paused().address, 'withdraw', { ibtAmount: (shares / 4n).toString() })
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200)
    const wallet = createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: deployer() })
    const hash = await wallet.sendTransaction({ to: withdraw.body.to, data: withdraw.body.data, gas: BigInt(withdraw.body.gas) })
    await confirmOn(own().client, hash)
    expect(await own().client.readContract({ address: paused().address, abi: erc20Abi, functionName: 'balanceOf', args: [deployer().address] })).toBe(
      shares - shares / 4n,
    )

    await send({ address: paused().strategy!, abi: strategyFarmAbi, functionName: 'unpause' })
    await service().refresher.refresh(CHAIN)
    expect((await entry(paused().address)).status).toBe('active')
    expect((await build(paused().address, 'deposit', { amount: '1000' })).status).toBe(200)
  })

  it('says why a strategy should not be harvested now: just harvested, nothing to harvest', async () => {
    const strategy = paused().strategy!
    // Time first, so the harvest compounds: anvil_mine alone keeps the clock's second, and a harvest
    // estimated where nothing accrued (the cheap path, about 51k gas) runs out of gas when it lands a
    // second later and compounds (about 250k). A fixed interval makes the estimate's block the mined one.
    await own().setBlockInterval(12)
    await own().mine(10)
    await send({ address: strategy, abi: strategyFarmAbi, functionName: 'harvest' })
    // A farm with nothing left to pay: RewardFarm's rewardReserve is storage slot 3.
    const farm = await own().client.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'farm' })
    await own().client.request({ method: 'anvil_setStorageAt', params: [farm, numberToHex(3, { size: 32 }), numberToHex(0, { size: 32 })] } as never)
    await own().mine(1)
    expect(await own().client.readContract({ address: farm, abi: rewardFarmAbi, functionName: 'rewardReserve' })).toBe(0n)
    await service().refresher.refresh(CHAIN)
    const listed = await harvestable(strategy)
    const kinds = (listed.reasons as { kind: string }[]).map((reason) => reason.kind)
    expect(kinds).toContain('recently-harvested')
    expect(kinds).toContain('nothing-to-harvest')
    expect(listed.profitable).toBe(false)
    const recent = listed.reasons.find((reason: { kind: string }) => reason.kind === 'recently-harvested').detail as string
    const head = await own().client.getBlock()
    const lastHarvest = Number(await own().client.readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'lastHarvest' }))
    expect(recent).toBe(
      `harvested ${Number(head.timestamp) - lastHarvest} s ago, less than HARVEST_MIN_INTERVAL (3600 s): due in ${3_600 - (Number(head.timestamp) - lastHarvest)} s`,
    )
  })
  it('a strategy that does not answer callReward() cannot be weighed: its entry says why, in its reasons and its note', async () => {
    const strategy = retired().strategy!
    // Code that reverts whatever it is asked: the strategy answers nothing from here on.
    await own().client.request({ method: 'anvil_setCode', params: [strategy, '0x60006000fd'] } as never)
    await own().mine(1)
    await service().refresher.refresh(CHAIN)
    const listed = await harvestable(strategy)
    const note = `strategy ${strategy} did not answer callReward() at block ${await own().client.getBlockNumber()}`
    expect(listed).toEqual({
      strategy,
      vault: retired().address,
      callReward: null,
      callRewardReadAt: null,
      callRewardUsd: null,
      // The harvest's gas is still the one estimated before, so the cost is known; the reward is not.
      harvestGas: expect.any(Number),
      gasPrice: expect.any(String),
      fees: { maxFeePerGas: expect.any(String), maxPriorityFeePerGas: expect.any(String), blockNumber: expect.any(String) },
      netProfitUsd: null,
      profitable: false,
      reasons: [{ kind: 'cannot-weigh', detail: note }],
      note,
    })
  })
})
