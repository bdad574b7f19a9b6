import { createWalletClient, encodeFunctionData, erc20Abi, http, maxUint256, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { priceFeedAbi, uniswapV2Router02Abi } from '../contracts/artifacts/index.js'
import { minedReceipt } from '../src/devnet/index.js'
import { encodeHarvest, rewardPoolAdapterFor, vaultAdapterFor } from '../src/protocols/index.js'
import type { OwnChain } from './ownChain.js'

/** What a user, a keeper, a trader or a feed's owner does on a devnet chain, one transaction each. */
export const ACTIONS = ['deposit', 'withdraw', 'stake', 'unstake', 'claim', 'harvest', 'swap', 'post', 'transfer', 'empty'] as const
export type Action = (typeof ACTIONS)[number]

/**
 * The actions of ACTIONS on `own`, by its dev account `accountIndex` (allowances given once by
 * `prepare`). Each mines one block; `pick` chooses the vault, pool, pair or feed among the
 * chain's. A transaction that reverts (a claim before its delay, an unstake of nothing) is mined
 * all the same: an empty block for the state.
 */
export function chainActions(own: OwnChain, accountIndex: number) {
  const { manifest, client } = own
  const user = privateKeyToAccount(manifest.accounts[accountIndex]!.privateKey)
  const owner = privateKeyToAccount(manifest.accounts[0]!.privateKey)
  const chain = own.chain
  const wallet = createWalletClient({ account: user, chain, transport: http(manifest.rpcUrl) })
  const ownerWallet = createWalletClient({ account: owner, chain, transport: http(manifest.rpcUrl) })
  const pools = [
    ...manifest.rewardPools.map((pool) => ({ ...pool, kind: 'reference' as const })),
    ...manifest.rewardPoolFamilies.pools.filter((pool) => pool.kind !== 'masterchef' || pool.stakingTokens.length > 0),
  ]
  const tradedPairs = manifest.pairs.filter((pair) => manifest.vaults.some((vault) => vault.want === pair.address))
  const strategies = manifest.vaults.filter((vault) => vault.strategy)

  const send = async (to: Address, data: Hex, from = wallet) => {
    const hash = await from.sendTransaction({ to, data, gas: 3_000_000n })
    await minedReceipt(client, hash)
  }
  const balanceOf = (token: Address, holder: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
  const approve = (token: Address, spender: Address) => send(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }))
  const of = <T>(list: readonly T[], pick: number) => list[pick % list.length]!

  return {
    user: user.address,
    /** Every allowance the actions need. */
    async prepare(): Promise<void> {
      for (const vault of manifest.vaults) await approve(vault.want, vault.address)
      for (const pool of pools) for (const token of new Set(pool.stakingTokens)) await approve(token, pool.address)
      for (const token of new Set(tradedPairs.flatMap((pair) => [pair.token0, pair.token1]))) await approve(token, manifest.uniswap.router)
    },
    async act(action: Action, pick: number): Promise<void> {
      switch (action) {
        case 'deposit': {
          const vault = of(manifest.vaults, pick)
          return send(vault.address, vaultAdapterFor(vault.kind).encodeDeposit((await balanceOf(vault.want, user.address)) / 50n + 1n, user.address))
        }
        case 'withdraw': {
          const vault = of(manifest.vaults, pick)
          return send(vault.address, vaultAdapterFor(vault.kind).encodeRedeem((await balanceOf(vault.address, user.address)) / 3n + 1n, user.address))
        }
        case 'stake':
        case 'unstake':
        case 'claim': {
          const pool = of(pools, pick)
          const pid = pick % pool.stakingTokens.length
          const amount = action === 'stake' ? (await balanceOf(pool.stakingTokens[pid]!, user.address)) / 50n + 1n : 10n ** 15n
          return send(pool.address, rewardPoolAdapterFor(pool).encodeAction(action, BigInt(pid), amount))
        }
        case 'harvest':
          return send(of(strategies, pick).strategy!, encodeHarvest())
        case 'swap': {
          const pair = of(tradedPairs, pick)
          const [tokenIn, tokenOut] = pick % 2 === 0 ? [pair.token0, pair.token1] : [pair.token1, pair.token0]
          const amountIn = (await balanceOf(tokenIn, pair.address)) / 100n
          const data = encodeFunctionData({
            abi: uniswapV2Router02Abi,
            functionName: 'swapExactTokensForTokens',
            args: [amountIn, 1n, [tokenIn, tokenOut], user.address, maxUint256],
          })
          return send(manifest.uniswap.router, data)
        }
        case 'post': {
          const feed = of(manifest.feeds, pick)
          const [, answer] = await client.readContract({ address: feed.address, abi: priceFeedAbi, functionName: 'latestRoundData' })
          const moved = (answer * BigInt(95 + (pick % 11))) / 100n
          return send(feed.address, encodeFunctionData({ abi: priceFeedAbi, functionName: 'updateAnswer', args: [moved] }), ownerWallet)
        }
        case 'transfer': {
          // Want sent straight to a strategy: no vault or strategy event, only the token's Transfer naming it.
          const vault = of(strategies, pick)
          const amount = (await balanceOf(vault.want, user.address)) / 100n + 1n
          return send(vault.want, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [vault.strategy!, amount] }))
        }
        case 'empty':
          return own.mine(1)
      }
    },
  }
}
