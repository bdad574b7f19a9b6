import { createWalletClient, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { post } from '../../test/app.js'
import { TX_GAS } from '../../test/devnet.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { refresherApp, type RefresherApp } from '../../test/refresherApp.js'

/**
 * A harvest built in the same second as the strategy's last one (blocks that share a second, as
 * BNB Smart Chain's do) finds nothing accrued in the pending block. The descriptor and Y9's gas
 * must still be those of a harvest that compounds: it lands a second later, when there is a reward.
 */
const CHAIN = 31_511

describe('a harvest built where nothing has accrued yet', () => {
  let own: OwnChain
  let service: RefresherApp
  const harvester = () => privateKeyToAccount(own.manifest.accounts[2]!.privateKey as Hex)
  const wallet = () => createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account: harvester() })
  const strategy = () => own.manifest.vaults.find((vault) => vault.kind === 'beefy' && vault.strategy)!.strategy!

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    service = await refresherApp({ chains: [own.chainConfig], registry: own.registry })
  }, 60_000)
  afterAll(async () => {
    await service?.close()
    await own?.stop()
  })

  it('has the gas of the compounding harvest, and the descriptor is mined a second later without running out of gas', async () => {
    await own.setBlockInterval(12)
    await own.mine(1)
    const first = await wallet().writeContract({ address: strategy(), abi: strategyFarmAbi, functionName: 'harvest', gas: TX_GAS })
    expect((await own.client.waitForTransactionReceipt({ hash: first })).status).toBe('success')
    // The pending block shares the harvest's second: nothing has accrued there.
    await own.setBlockInterval(0)
    const pending = await own.client.estimateContractGas({ account: harvester(), address: strategy(), abi: strategyFarmAbi, functionName: 'harvest' })
    const who = { user: harvester().address, chainId: CHAIN }
    const [built, fees] = await Promise.all([
      post(service.app, `/yield/${strategy()}/tx/harvest`, who),
      post(service.app, `/yield/${strategy()}/call/pending-fees`, who),
    ])
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    expect(fees.status, JSON.stringify(fees.body)).toBe(200)
    expect(fees.body.data).toBe('0')

    await own.setBlockInterval(1)
    const hash = await wallet().sendTransaction({ to: built.body.to, data: built.body.data, gas: BigInt(built.body.gas) })
    const receipt = await own.client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    // It compounded: several times the gas of the pending block's harvest, which only records the time.
    expect(receipt.gasUsed).toBeGreaterThan(3n * pending)
    expect(BigInt(built.body.gas)).toBeGreaterThan(receipt.gasUsed)
    expect(BigInt(fees.body.gas)).toBeGreaterThan(receipt.gasUsed)
  })
})
