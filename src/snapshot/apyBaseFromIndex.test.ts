import { createWalletClient, erc20Abi, type Hex, http, maxUint256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, erc4626VaultAbi, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { confirmOn, TX_GAS } from '../../test/devnet.js'
import { indexedOwnChain, type IndexedOwnChain } from '../../test/indexedOwnChain.js'
import { pricesPerShareFromIndex } from './apyBaseFromIndex.js'

const CHAIN = 31_475

/**
 * The event index's price per share at a past block (what a node without old state cannot give),
 * against an archive node's own reads at that block: on a chain where vaults of both families are
 * deposited into, withdrawn from (a Beefy withdrawal fee staying in) and harvested, block after
 * block, every vault with a strategy's want and supply at the latest snapshot with the flows since
 * undone equal `balance()` (`totalAssets()`) and `totalSupply()` read at the block, to the wei.
 */
describe("the index's price per share at a past block", () => {
  let chain: IndexedOwnChain
  const blocks: bigint[] = []

  beforeAll(async () => {
    chain = await indexedOwnChain({ chainId: CHAIN, blockIntervalSeconds: 3_600 })
    const { own } = chain
    const account = privateKeyToAccount(own.manifest.accounts[7]!.privateKey as Hex)
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    const send = (request: object) => confirmOn(own.client, wallet.writeContract({ ...request, gas: TX_GAS } as never))
    const vaults = own.manifest.vaults.filter((vault) => vault.strategy)
    const unit = new Map<string, bigint>()
    for (const vault of vaults) {
      await send({ address: vault.want, abi: erc20Abi, functionName: 'approve', args: [vault.address, maxUint256] })
      // A twentieth of what the account holds, whatever the want's decimals.
      unit.set(vault.address, (await own.client.readContract({ address: vault.want, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })) / 20n)
      expect(unit.get(vault.address)).toBeGreaterThan(0n)
    }
    for (let round = 0; round < 4; round++) {
      for (const vault of vaults) {
        const amount = unit.get(vault.address)! * BigInt(round + 1)
        if (vault.kind === 'beefy') await send({ address: vault.address, abi: beefyVaultAbi, functionName: 'deposit', args: [amount] })
        else await send({ address: vault.address, abi: erc4626VaultAbi, functionName: 'deposit', args: [amount, account.address] })
        await own.mine(3)
        await send({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'harvest' })
        if (round % 2 === 1) {
          if (vault.kind === 'beefy') await send({ address: vault.address, abi: beefyVaultAbi, functionName: 'withdraw', args: [amount / 3n] })
          else await send({ address: vault.address, abi: erc4626VaultAbi, functionName: 'redeem', args: [amount / 3n, account.address, account.address] })
        }
      }
      blocks.push(await own.client.getBlockNumber({ cacheTime: 0 }))
      await own.mine(2)
    }
    const head = await own.client.getBlockNumber({ cacheTime: 0 })
    expect(await chain.service.index!.reach(CHAIN, head, 60_000)).toBe(true)
    await chain.service.refresher.refresh(CHAIN)
  }, 180_000)
  afterAll(() => chain?.close())

  it('equals the archive node at every block, for every vault with a strategy of both families', async () => {
    const { own, store, registry, service } = chain
    const now = service.cache.latest(CHAIN)!.state
    const vaults = own.manifest.vaults.filter((vault) => vault.strategy)
    expect(new Set(vaults.map((vault) => vault.kind))).toEqual(new Set(['beefy', 'erc4626']))
    for (const blockNumber of blocks) {
      const at = { blockNumber, timestamp: Number((await own.client.getBlock({ blockNumber })).timestamp) }
      const { points, behind } = await pricesPerShareFromIndex(
        store,
        registry,
        vaults.map((vault) => vault.address),
        { target: at.timestamp, tolerance: 0 },
        at,
        now,
      )
      expect(behind).toBeUndefined()
      for (const vault of vaults) {
        const read = (functionName: string) =>
          own.client.readContract({
            address: vault.address,
            abi: vault.kind === 'beefy' ? beefyVaultAbi : erc4626VaultAbi,
            functionName,
            blockNumber,
          } as never) as Promise<bigint>
        const [want, supply] = await Promise.all([read(vault.kind === 'beefy' ? 'balance' : 'totalAssets'), read('totalSupply')])
        expect(points.get(vault.address), `${vault.kind} ${vault.address} at ${blockNumber}`).toEqual({
          blockNumber,
          timestamp: at.timestamp,
          pricePerShare: (want * 10n ** 18n) / supply,
          source: 'index',
        })
      }
    }
  }, 120_000)
})
