/**
 * The registry at scale: N vaults and N reward pools on one chain (the bench deploys what the
 * devnet lacks: plain ERC-4626 vaults and one-staking-pool reward pools), and what a snapshot
 * costs as N grows: node round trips and wall time of a cold snapshot and of the snapshot of a
 * new block, counted at the node by the test proxy.
 */
import { pino } from 'pino'
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { erc4626VaultAbi, erc4626VaultBytecode, rewardPoolAbi, rewardPoolBytecode } from '../contracts/artifacts/index.js'
import { createChainClients, FactCache, rpcOptionsOf } from '../src/chain/index.js'
import { loadConfig } from '../src/config/index.js'
import { devnetChains, devnetRegistry, type DevnetManifest } from '../src/devnet/index.js'
import { buildRegistry, type RegistryFile } from '../src/registry/index.js'
import { LocalRefreshLock, MemorySnapshotCache, Refresher } from '../src/snapshot/index.js'
import { nodeProxy } from '../test/nodeProxy.js'
import type { Row } from './load.js'

const CHAIN = 56
type ChainEntry = RegistryFile['chains'][string]

/** Deploys `count` plain ERC-4626 vaults and `count` reward pools on the chain; returns their addresses. */
export async function deployExtra(manifest: DevnetManifest, count: number): Promise<{ vaults: Address[]; pools: Address[]; asset: Address; staking: Address; reward: Address }> {
  const chain = manifest.chains[String(CHAIN)]!
  const dev = chain.accounts[9]!
  const wallet = createWalletClient({ account: privateKeyToAccount(dev.privateKey), transport: http(chain.rpcUrl) })
  const client = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 100 })
  const asset = chain.rewardPools[0]!.stakingTokens.find((token) => Object.values(chain.tokens).includes(token)) ?? Object.values(chain.tokens)[0]!
  const reward = chain.rewardPools[0]!.rewardTokens[0]!
  const head = await client.getBlockNumber()
  let nonce = await client.getTransactionCount({ address: dev.address })
  const hashes: Hex[] = []
  const send = async (request: Promise<Hex>) => hashes.push(await request)
  for (let index = 0; index < count; index++) {
    await send(wallet.deployContract({ abi: erc4626VaultAbi, bytecode: erc4626VaultBytecode, args: [asset, '0x0000000000000000000000000000000000000000', `Scale vault ${index}`, `SV${index}`], nonce: nonce++, chain: null, gas: 5_000_000n }))
    await send(
      wallet.deployContract({
        abi: rewardPoolAbi,
        bytecode: rewardPoolBytecode,
        args: [{ rewardTokens: [reward], rewardPerBlock: [10n ** 15n], startBlock: head, endBlock: head + 10_000_000n, claimDelay: head, unstakeDelayDuration: 0n, feeManager: dev.address, protocolFee: 0n, withdrawPenaltyFee: 0n, withdrawPenaltyBlock: 0n, compoundEnabled: false }],
        nonce: nonce++,
        chain: null,
        gas: 8_000_000n,
      }),
    )
  }
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash, timeout: 300_000 })))
  const addresses = receipts.map((receipt) => receipt.contractAddress!)
  const pools = addresses.filter((_, index) => index % 2 === 1)
  const adds: Hex[] = []
  for (const pool of pools) adds.push(await wallet.writeContract({ address: pool, abi: rewardPoolAbi, functionName: 'addPool', args: [asset, 100n, 0n, 0n, [reward, asset]], nonce: nonce++, chain: null, gas: 500_000n }))
  await Promise.all(adds.map((hash) => client.waitForTransactionReceipt({ hash, timeout: 300_000 })))
  return { vaults: addresses.filter((_, index) => index % 2 === 0), pools, asset, staking: asset, reward }
}

/** The devnet's registry with exactly `count` vaults and `count` reward pools on the chain (its own first, then the extra ones). */
export function registryWith(manifest: DevnetManifest, extra: { vaults: Address[]; pools: Address[]; asset: Address }, count: number): RegistryFile {
  const registry = devnetRegistry(manifest)
  const chain = registry.chains[String(CHAIN)] as ChainEntry
  const poolTemplate = chain.rewardPools![0]!
  const vaults = [...chain.vaults!, ...extra.vaults.map((address, index) => ({ address, kind: 'erc4626' as const, name: `Scale vault ${index}`, want: extra.asset, zaps: [] }))]
  const pools = [...chain.rewardPools!, ...extra.pools.map((address, index) => ({ ...poolTemplate, address, name: `Scale pool ${index}` }))]
  return { ...registry, chains: { ...registry.chains, [String(CHAIN)]: { ...chain, vaults: vaults.slice(0, count), rewardPools: pools.slice(0, count) } } }
}

/** For each registry size: the round trips and wall time of a cold snapshot, and of a new block's. */
export async function benchScale(manifest: DevnetManifest, extra: Awaited<ReturnType<typeof deployExtra>>, sizes: readonly number[]): Promise<Row[]> {
  const rows: Row[] = []
  const proxy = await nodeProxy(manifest.chains[String(CHAIN)]!.rpcUrl)
  const config = loadConfig({})
  const chainConfig = devnetChains(manifest).find((chain) => chain.chainId === CHAIN)!
  let coldBase: number | undefined
  try {
    for (const size of sizes) {
      const registryFile = registryWith(manifest, extra, size)
      const registry = buildRegistry({ ...registryFile, chains: { [String(CHAIN)]: registryFile.chains[String(CHAIN)]! } })
      const chains = createChainClients([{ ...chainConfig, rpcUrls: [proxy.url] }], rpcOptionsOf(config))
      const refresher = new Refresher({ chains, registry, facts: new FactCache(), cache: new MemorySnapshotCache(), lock: new LocalRefreshLock(), config: config.snapshot, log: pino({ level: 'silent' }) })
      proxy.reset()
      let startedAt = performance.now()
      const cold = await refresher.refresh(CHAIN)
      const coldMs = performance.now() - startedAt
      const coldTrips = proxy.roundTrips()
      await fetch(manifest.chains[String(CHAIN)]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }) })
      // As the refresher's tick does: the head it just read pins the snapshot.
      const head = await chains.get(CHAIN)!.client.getBlockNumber()
      proxy.reset()
      startedAt = performance.now()
      const warm = await refresher.refresh(CHAIN, head)
      const warmMs = performance.now() - startedAt
      const warmTrips = proxy.roundTrips()
      await refresher.stop()
      if (!cold || !warm) throw new Error(`no snapshot with ${size} vaults and pools`)
      coldBase ??= coldMs
      rows.push({
        figure: `snapshot with ${size} vaults + ${size} reward pools (chain ${CHAIN})`,
        value: `cold ${coldTrips} requests, ${coldMs.toFixed(0)} ms; new block ${warmTrips} request(s) sent at once, ${warmMs.toFixed(0)} ms`,
        ceiling: `${sizes[0]} + ${sizes[0]}: cold ${coldBase.toFixed(0)} ms`,
        ratio: `${(coldMs / coldBase).toFixed(1)}× time for ${(size / sizes[0]!).toFixed(0)}× contracts`,
        target: 'one round trip per block, ≤ 3 cold, time sub-linear',
      })
    }
  } finally {
    await proxy.close()
  }
  return rows
}
