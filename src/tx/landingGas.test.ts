import { createWalletClient, erc20Abi, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { stakingRewardsAbi, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { post } from '../../test/app.js'
import { confirmOn, TX_GAS } from '../../test/devnet.js'
import { ownService } from '../../test/ownService.js'

/**
 * A call that pays what accrues, built in the same second as the last one that paid out (blocks
 * that share a second, as BNB Smart Chain's do), finds nothing accrued in the pending block. Its
 * gas must still be the one it needs a second later, when it lands and there is something to pay:
 * a harvest that compounds (Y7, Y9), an unstake that writes the user's unpaid rewards (P2).
 */
const CHAIN = 31_511

describe('a call that pays what accrues, built where nothing has accrued yet', () => {
  const { own, service } = ownService({ chainId: CHAIN, specOf: 56 })
  const account = (index: number) => privateKeyToAccount(own().manifest.accounts[index]!.privateKey as Hex)
  const harvester = () => account(2)
  const walletOf = (index: number) => createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: account(index) })
  const wallet = () => walletOf(2)
  const mined = (hash: Promise<Hex>) => confirmOn(own().client, hash)
  const strategy = () => own().manifest.vaults.find((vault) => vault.kind === 'beefy' && vault.strategy)!.strategy!

  it('has the gas of the compounding harvest, and the descriptor is mined a second later without running out of gas', async () => {
    await own().setBlockInterval(12)
    await own().mine(1)
    const first = await wallet().writeContract({ address: strategy(), abi: strategyFarmAbi, functionName: 'harvest', gas: TX_GAS })
    await confirmOn(own().client, first)
    // The pending block shares the harvest's second: nothing has accrued there.
    await own().setBlockInterval(0)
    const pending = await own().client.estimateContractGas({ account: harvester(), address: strategy(), abi: strategyFarmAbi, functionName: 'harvest' })
    const who = { user: harvester().address, chainId: CHAIN }
    const [built, fees] = await Promise.all([
      post(service().app, `/yield/${strategy()}/tx/harvest`, who),
      post(service().app, `/yield/${strategy()}/call/pending-fees`, who),
    ])
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    expect(fees.status, JSON.stringify(fees.body)).toBe(200)
    expect(fees.body.data).toBe('0')

    await own().setBlockInterval(1)
    const hash = await wallet().sendTransaction({ to: built.body.to, data: built.body.data, gas: BigInt(built.body.gas) })
    const receipt = await confirmOn(own().client, hash)
    // It compounded: several times the gas of the pending block's harvest, which only records the time.
    expect(receipt.gasUsed).toBeGreaterThan(3n * pending)
    expect(BigInt(built.body.gas)).toBeGreaterThan(receipt.gasUsed)
    expect(BigInt(fees.body.gas)).toBeGreaterThan(receipt.gasUsed)
  })

  it('P2: an unstake built in the second of a claim has the gas of one that writes the unpaid rewards', async () => {
    const pool = own().manifest.rewardPoolFamilies.pools.find((candidate) => candidate.kind === 'staking-rewards')!
    const staking = pool.stakingTokens[0]!
    const user = walletOf(3)
    const amount = (await own().client.readContract({ address: staking, abi: erc20Abi, functionName: 'balanceOf', args: [user.account.address] })) / 10n
    await own().setBlockInterval(12)
    await mined(user.writeContract({ address: staking, abi: erc20Abi, functionName: 'approve', args: [pool.address, amount], gas: TX_GAS }))
    await mined(user.writeContract({ address: pool.address, abi: stakingRewardsAbi, functionName: 'stake', args: [amount], gas: TX_GAS }))
    await own().mine(2)
    await mined(user.writeContract({ address: pool.address, abi: stakingRewardsAbi, functionName: 'getReward', gas: TX_GAS }))
    // The pending block shares the claim's second: the user's unpaid rewards stay zero there.
    await own().setBlockInterval(0)
    const built = await post(service().app, `/pool/${pool.address}/0/tx/unstake`, { user: user.account.address, amount: amount.toString(), chainId: CHAIN })
    expect(built.status, JSON.stringify(built.body)).toBe(200)

    await own().setBlockInterval(1)
    const hash = await user.sendTransaction({ to: built.body.to, data: built.body.data, gas: BigInt(built.body.gas) })
    await confirmOn(own().client, hash)
    expect(
      await own().client.readContract({ address: pool.address, abi: stakingRewardsAbi, functionName: 'rewards', args: [user.account.address] }),
    ).toBeGreaterThan(0n)
  })
})
