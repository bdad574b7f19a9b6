import { type Address, type Hex, type PublicClient, createWalletClient, getAddress, http, maxUint256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { demoTokenAbi, masterChefAbi, multiRewardsAbi, rewardPoolAbi, stakingRewardsAbi } from '../contracts/artifacts/index.js'
import type { DevnetChainManifest } from '../src/devnet/index.js'
import { confirmOn, TX_GAS } from './devnet.js'
import type { OwnChain } from './ownChain.js'

/** A staking pool of a chain's devnet contracts, whatever its family. */
export interface StakingPoolRef {
  pool: Address
  kind: 'reference' | 'masterchef' | 'staking-rewards' | 'multi-rewards'
  pid: number
  stakingToken: Address
}

/** Every staking pool the devnet deployed on a chain: the reference pools' and one of each public family. */
export function stakingPoolsOf(manifest: DevnetChainManifest): StakingPoolRef[] {
  const reference = manifest.rewardPools.flatMap((pool) =>
    pool.pids.map((pid) => ({ pool: pool.address, kind: 'reference' as const, pid, stakingToken: pool.stakingTokens[pid]! })),
  )
  const families = manifest.rewardPoolFamilies.pools.flatMap((pool) =>
    pool.pids.map((pid) => ({ pool: pool.address, kind: pool.kind, pid, stakingToken: pool.stakingTokens[pid]! })),
  )
  return [...reference, ...families]
}

/** A tenth of what dev account `account` of an own chain holds of `token`: an amount it can stake (LP balances are small). */
export async function stakeableOf(own: OwnChain, account: number, token: Address): Promise<bigint> {
  const balance = await own.client.readContract({
    address: token,
    abi: demoTokenAbi,
    functionName: 'balanceOf',
    args: [own.manifest.accounts[account]!.address],
  })
  return balance / 10n
}

/**
 * Stakes `amount` (or, with `unstake`, takes it out) for dev account `account` of an own chain,
 * approving the pool first. Returns the receipt of the stake.
 */
export async function stakeOn(own: OwnChain, account: number, target: StakingPoolRef, amount: bigint, unstake = false) {
  const key = own.manifest.accounts[account]!.privateKey as Hex
  const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account: privateKeyToAccount(key) })
  const send = (hash: Promise<Hex>) => confirmOn(own.client, hash)
  if (!unstake)
    await send(wallet.writeContract({ address: target.stakingToken, abi: demoTokenAbi, functionName: 'approve', args: [target.pool, maxUint256], gas: TX_GAS }))
  const pid = BigInt(target.pid)
  switch (target.kind) {
    case 'reference':
      return send(
        wallet.writeContract({ address: target.pool, abi: rewardPoolAbi, functionName: unstake ? 'unstake' : 'stake', args: [pid, amount], gas: TX_GAS }),
      )
    case 'masterchef':
      return send(
        wallet.writeContract({ address: target.pool, abi: masterChefAbi, functionName: unstake ? 'withdraw' : 'deposit', args: [pid, amount], gas: TX_GAS }),
      )
    case 'staking-rewards':
      return send(
        wallet.writeContract({ address: target.pool, abi: stakingRewardsAbi, functionName: unstake ? 'withdraw' : 'stake', args: [amount], gas: TX_GAS }),
      )
    case 'multi-rewards':
      return send(
        wallet.writeContract({ address: target.pool, abi: multiRewardsAbi, functionName: unstake ? 'withdraw' : 'stake', args: [amount], gas: TX_GAS }),
      )
  }
}

/**
 * The oracle for participants: every account any log of the pool names as its first indexed
 * topic (raw `eth_getLogs`, nothing decoded), kept when the contract itself says its stake in
 * `pid` is above zero at `block` (`userInfo` or `balanceOf`).
 */
export async function stakersOnChain(client: PublicClient, target: StakingPoolRef, block: bigint): Promise<number> {
  const logs = (await client.request({ method: 'eth_getLogs', params: [{ address: target.pool, fromBlock: '0x0', toBlock: toHex(block) }] } as never)) as {
    topics: Hex[]
  }[]
  const candidates = [...new Set(logs.flatMap((log) => (log.topics.length > 1 ? [getAddress(`0x${log.topics[1]!.slice(26)}`)] : [])))]
  let stakers = 0
  for (const account of candidates) if ((await stakeOf(client, target, account, block)) > 0n) stakers++
  return stakers
}

async function stakeOf(client: PublicClient, target: StakingPoolRef, account: Address, blockNumber: bigint): Promise<bigint> {
  const pid = BigInt(target.pid)
  switch (target.kind) {
    case 'reference':
      return (await client.readContract({ address: target.pool, abi: rewardPoolAbi, functionName: 'userInfo', args: [pid, account], blockNumber }))[0]
    case 'masterchef':
      return (await client.readContract({ address: target.pool, abi: masterChefAbi, functionName: 'userInfo', args: [pid, account], blockNumber }))[0]
    case 'staking-rewards':
      return client.readContract({ address: target.pool, abi: stakingRewardsAbi, functionName: 'balanceOf', args: [account], blockNumber })
    case 'multi-rewards':
      return client.readContract({ address: target.pool, abi: multiRewardsAbi, functionName: 'balanceOf', args: [account], blockNumber })
  }
}
