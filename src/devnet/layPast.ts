import { type Address, erc20Abi, maxUint256, toHex } from 'viem'
import { beefyVaultAbi, erc4626VaultAbi, masterChefAbi, multiRewardsAbi, rewardPoolAbi } from '../../contracts/artifacts/index.js'
import { anvilAccounts } from './accounts.js'
import { DEVNET_BLOCK_SECONDS, PAST_DAYS } from './cadence.js'
import type { DevnetChainManifest } from './manifest.js'
import { feedPoster, harvest, liveStretch } from './liveStretch.js'
import { pastTrades } from './pastTrades.js'
import { senderAt } from './sender.js'

const DAY = 86_400
const HOUR = 3_600
/** The dev account whose month of deposits, stakes, claims and a withdrawal the past holds (the playground's user is account 1, kept without allowances). */
export const DEMO_USER = 2

/**
 * Lays down a month of a deployed chain's past. For each day but the last: every feed posted
 * again, every strategy harvested (prices per share grow), and on some days a demo user deposits
 * into a Beefy and an ERC-4626 vault, stakes and claims in a reference pool and a MultiRewards
 * pool, stakes in the MasterChef, and once withdraws; the user trades through the vaults' LP pairs
 * (their fees, a vault's tradingApr); then a block every 6 hours (an APY window's base always has a
 * block near it). The last day is mined at the chain's live cadence, a block every `blockSeconds`:
 * a pool that pays per block has paid, over the last day, what its APR at that block time says,
 * and the block time measured from the chain is the one it keeps. Through it the feeds are posted
 * every 50 minutes and each strategy is harvested once, at its own hour, as a live farm's keepers
 * do (liveStretch). The chain's clock ends at the wall clock, where the keep-alive miner goes on.
 * Every amount is a small share of the balances the user was funded with.
 */
export async function layPast(manifest: DevnetChainManifest, blockSeconds = DEVNET_BLOCK_SECONDS): Promise<void> {
  const accounts = anvilAccounts()
  const deployer = await senderAt(manifest.rpcUrl, accounts[0]!.address)
  const user = await senderAt(manifest.rpcUrl, accounts[DEMO_USER]!.address)
  const first = (await deployer.client.getBlock({ blockNumber: 0n })).timestamp
  const beefy = manifest.vaults.find((vault) => vault.kind === 'beefy')!
  const erc4626 = manifest.vaults.find((vault) => vault.kind === 'erc4626')!
  const reference = manifest.rewardPools[0]!
  const multi = manifest.rewardPoolFamilies.pools.find((pool) => pool.kind === 'multi-rewards')!
  const chef = manifest.rewardPoolFamilies.pools.find((pool) => pool.kind === 'masterchef')!
  const strategies = manifest.vaults.flatMap((vault) => (vault.strategy ? [vault.strategy] : []))
  const balance = (token: Address) => deployer.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user.from] })
  // One amount per action, a small share of what the user was funded with: read once.
  const [toBeefy, to4626, toReference, toMulti, toChef] = await Promise.all(
    [beefy.want, erc4626.want, reference.stakingTokens[0]!, multi.stakingTokens[0]!, chef.stakingTokens[1]!].map(
      async (token) => (await balance(token)) / 200n,
    ),
  )
  const postFeeds = (await feedPoster(deployer, manifest)).post

  for (const [token, spender] of [
    [beefy.want, beefy.address],
    [erc4626.want, erc4626.address],
    [reference.stakingTokens[0]!, reference.address],
    [multi.stakingTokens[0]!, multi.address],
    [chef.stakingTokens[1]!, chef.address],
  ] as const)
    await user.call('approve', token, { abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })
  const trades = pastTrades(manifest, user)
  await trades.approve()
  await user.settle()

  // Each day's transactions go into one block at the day's timestamp (and the next seconds' blocks
  // for what does not fit its gas limit): anvil's cost is per block, most of it in keeping each
  // block's state for later reads, so a day of single-transaction blocks would cost ten times more.
  const mineQueued = async (timestamp: number) => {
    await deployer.mineQueued(timestamp)
    await Promise.all([deployer.settle(), user.settle()])
  }
  await deployer.setAutomine(false)
  for (let day = 1; day <= PAST_DAYS; day++) {
    await postFeeds()
    // Trades through the vaults' pairs first, priced from the reserves the day before left (all mined by now).
    await trades.day(day)
    if (day < PAST_DAYS) for (const strategy of strategies) await harvest(deployer, strategy)
    if (day % 3 === 1) await user.call('deposit', beefy.address, { abi: beefyVaultAbi, functionName: 'deposit', args: [toBeefy!] })
    if (day % 5 === 2) await user.call('deposit', erc4626.address, { abi: erc4626VaultAbi, functionName: 'deposit', args: [to4626!, user.from] })
    if (day % 4 === 1) await user.call('stake', reference.address, { abi: rewardPoolAbi, functionName: 'stake', args: [0n, toReference!] })
    if (day % 5 === 0) await user.call('claim', reference.address, { abi: rewardPoolAbi, functionName: 'claim', args: [0n] })
    if (day % 4 === 3) await user.call('stake', multi.address, { abi: multiRewardsAbi, functionName: 'stake', args: [toMulti!] })
    if (day % 7 === 6) await user.call('claim', multi.address, { abi: multiRewardsAbi, functionName: 'getReward' })
    if (day % 6 === 2) await user.call('stake', chef.address, { abi: masterChefAbi, functionName: 'deposit', args: [1n, toChef!] })
    // Half of what the first two deposits bought (one share per want wei at most, so half the want is safe).
    if (day === 20) await user.call('withdraw', beefy.address, { abi: beefyVaultAbi, functionName: 'withdraw', args: [toBeefy! / 2n] })
    await mineQueued(Number(first) + day * DAY)
    // Blocks through the day, as close as an APY window's base must be to its start: 5 % of the window (anvil mines about 4 ms a block: a month at the live cadence would take hours).
    if (day < PAST_DAYS) await deployer.rpc('anvil_mine', [toHex(3), toHex(6 * HOUR)])
  }

  // The last day at the live cadence, up to now: the keep-alive miner's blocks follow with the wall clock.
  await liveStretch(deployer, manifest, { now: Math.floor(Date.now() / 1000), blockSeconds, denseFrom: Number(first) + PAST_DAYS * DAY })
  await deployer.setAutomine(true)
}
