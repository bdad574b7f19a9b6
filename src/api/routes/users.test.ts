import { type Address, erc20Abi, maxUint256 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, erc4626VaultAbi, multiRewardsAbi, rewardPoolAbi } from '../../../contracts/artifacts/index.js'
import { get, testApp } from '../../../test/app.js'
import { confirm, devnetChain, fundedAccount, publicClientFor, TX_GAS, walletClientFor, type FundedAccount } from '../../../test/devnet.js'
import { pricesFromChain } from '../../../test/pricesFromChain.js'
import type { App } from '../deps.js'
import { buildRegistry } from '../../registry/index.js'
import { devnetRegistry } from '../../devnet/index.js'
import { devnet } from '../../../test/devnet.js'

const CHAIN = 56

type Position = {
  chainId: number
  kind: 'vault' | 'pool'
  address: Address
  pid?: number
  shares?: string
  token: Address
  amount: string
  usd: number | null
  pendingRewards?: { token: Address; amount: string }[]
}

let app: App
let user: FundedAccount

describe('GET /users/{address}/positions', () => {
  beforeAll(async () => {
    app = await testApp()
    user = await fundedAccount(CHAIN)
  }, 120_000)
  afterAll(() => app.close())

  it('gives nothing for a user who holds nothing, with the block of every chain it read', async () => {
    const stranger = await fundedAccount(CHAIN)
    const { status, body, headers } = await get(app, `/users/${stranger.address}/positions`)
    expect(status).toBe(200)
    expect(body).toEqual({ positions: [] })
    expect(headers['x-block-numbers']).toMatch(/^1=[0-9]+,56=[0-9]+,43114=[0-9]+$/)
  })

  it("lists every vault and staking pool the user holds something in, each as the contract's own reads say at the answer's block", async () => {
    const chain = devnetChain(CHAIN)
    const client = publicClientFor(CHAIN)
    const wallet = walletClientFor(CHAIN, user.account)
    const send = (request: Parameters<typeof wallet.writeContract>[0]) => confirm(CHAIN, wallet.writeContract({ ...request, gas: TX_GAS } as never))
    const beefy = chain.vaults.find((vault) => vault.kind === 'beefy')!
    const erc4626 = chain.vaults.find((vault) => vault.kind === 'erc4626')!
    const pool = chain.rewardPools[0]!
    const multi = chain.rewardPoolFamilies.pools.find((candidate) => candidate.kind === 'multi-rewards')!
    const tenth = async (token: Address) =>
      (await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })) / 10n
    for (const [token, spender] of [
      [beefy.want, beefy.address],
      [erc4626.want, erc4626.address],
      [pool.stakingTokens[0]!, pool.address],
      [multi.stakingTokens[0]!, multi.address],
    ] as const)
      await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] } as never)
    await send({ address: beefy.address, abi: beefyVaultAbi, functionName: 'deposit', args: [await tenth(beefy.want)] } as never)
    await send({ address: erc4626.address, abi: erc4626VaultAbi, functionName: 'deposit', args: [await tenth(erc4626.want), user.address] } as never)
    await send({ address: pool.address, abi: rewardPoolAbi, functionName: 'stake', args: [0n, await tenth(pool.stakingTokens[0]!)] } as never)
    await send({ address: multi.address, abi: multiRewardsAbi, functionName: 'stake', args: [await tenth(multi.stakingTokens[0]!)] } as never)

    const { status, body, headers } = await get(app, `/users/${user.address}/positions?chain=${CHAIN}`)
    expect(status).toBe(200)
    const blockNumber = BigInt(headers['x-block-number'] as string)
    const at = { blockNumber }
    const positions = body.positions as Position[]
    expect(positions.map((position) => `${position.kind} ${position.address} ${position.pid ?? ''}`).sort()).toEqual(
      [`vault ${beefy.address} `, `vault ${erc4626.address} `, `pool ${pool.address} 0`, `pool ${multi.address} 0`].sort(),
    )
    const registry = buildRegistry(devnetRegistry(devnet()), 'devnet').chains.get(CHAIN)!
    const prices = pricesFromChain(CHAIN, registry, blockNumber)
    const find = (address: Address) => positions.find((position) => position.address === address)!

    const beefyShares = await client.readContract({ ...at, address: beefy.address, abi: beefyVaultAbi, functionName: 'balanceOf', args: [user.address] })
    const ppfs = await client.readContract({ ...at, address: beefy.address, abi: beefyVaultAbi, functionName: 'getPricePerFullShare' })
    expect(find(beefy.address)).toMatchObject({
      chainId: CHAIN,
      shares: String(beefyShares),
      token: beefy.want,
      amount: String((beefyShares * ppfs) / 10n ** 18n),
    })
    const shares = await client.readContract({ ...at, address: erc4626.address, abi: erc4626VaultAbi, functionName: 'balanceOf', args: [user.address] })
    const assets = await client.readContract({ ...at, address: erc4626.address, abi: erc4626VaultAbi, functionName: 'convertToAssets', args: [shares] })
    expect(find(erc4626.address)).toMatchObject({ shares: String(shares), token: erc4626.want, amount: String(assets) })

    const [staked] = await client.readContract({ ...at, address: pool.address, abi: rewardPoolAbi, functionName: 'userInfo', args: [0n, user.address] })
    const pending = await client.readContract({ ...at, address: pool.address, abi: rewardPoolAbi, functionName: 'pendingRewards', args: [0n, user.address] })
    expect(find(pool.address)).toMatchObject({
      pid: 0,
      token: pool.stakingTokens[0],
      amount: String(staked),
      pendingRewards: pool.rewardTokens.map((token, index) => ({ token, amount: String(pending[index]) })),
    })
    const multiStaked = await client.readContract({ ...at, address: multi.address, abi: multiRewardsAbi, functionName: 'balanceOf', args: [user.address] })
    const earned = await Promise.all(
      multi.rewardTokens.map((token) =>
        client.readContract({ ...at, address: multi.address, abi: multiRewardsAbi, functionName: 'earned', args: [user.address, token] }),
      ),
    )
    expect(find(multi.address)).toMatchObject({
      amount: String(multiStaked),
      pendingRewards: multi.rewardTokens.map((token, index) => ({ token, amount: String(earned[index]) })),
    })
    // Every figure priced at the chain's prices, computed from direct reads.
    for (const position of positions) {
      const usd = await prices.value(position.token, BigInt(position.amount))
      expect(position.usd! / usd, position.address).toBeCloseTo(1, 6)
    }
  }, 120_000)

  it('answers 400 for a malformed address and for a chain it does not serve', async () => {
    expect((await get(app, '/users/0x1234/positions')).body.code).toBe('INVALID_ADDRESS')
    expect((await get(app, `/users/${user.address}/positions?chain=999`)).body.code).toBe('UNSUPPORTED_CHAIN')
  })
})
