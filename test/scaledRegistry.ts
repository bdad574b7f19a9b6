import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { erc4626VaultAbi, erc4626VaultBytecode, rewardPoolAbi, rewardPoolBytecode } from '../contracts/artifacts/index.js'
import { devnetRegistry, type DevnetManifest } from '../src/devnet/index.js'
import type { RegistryFile } from '../src/registry/index.js'

const CHAIN = 56
type ChainEntry = RegistryFile['chains'][string]

/** Contracts deployed beside the devnet's, to register many of them. */
export interface ExtraContracts {
  vaults: Address[]
  pools: Address[]
  /** The vaults' asset, which is also each pool's staking token. */
  asset: Address
  reward: Address
}

/**
 * Deploys `count` plain ERC-4626 vaults and `count` reward pools (one staking pool each, running
 * for 10 million blocks) on the devnet's chain 56, from `privateKey` (default: its tenth dev
 * account; a test passes an account of its own so no other file shares its nonces).
 *
 * `batched` (the bench, which owns its devnet) mines many transactions a block with automine
 * off. A test leaves it unbatched: a hook that times out leaves its deploy running while the next
 * file of its worker slot starts on the same chains, which must then still mine.
 */
export async function deployExtra(manifest: DevnetManifest, count: number, privateKey?: Hex, { batched = false } = {}): Promise<ExtraContracts> {
  const chain = manifest.chains[String(CHAIN)]!
  const account = privateKeyToAccount(privateKey ?? chain.accounts[9]!.privateKey)
  const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
  const client = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 100 })
  const asset = chain.rewardPools[0]!.stakingTokens.find((token) => Object.values(chain.tokens).includes(token)) ?? Object.values(chain.tokens)[0]!
  const reward = chain.rewardPools[0]!.rewardTokens[0]!
  const head = await client.getBlockNumber()
  // Many transactions a block, not a block each: anvil keeps every block's state in memory, and 3,000 blocks of this state took it to 20 GB.
  const rpc = (method: string, params: unknown[] = []) => client.request({ method, params } as never)
  const { gasLimit } = await client.getBlock()
  if (batched) {
    await rpc('evm_setAutomine', [false])
    await rpc('evm_setBlockGasLimit', [`0x${(1_000_000_000n).toString(16)}`])
  }
  const mineAll = async () => {
    while (
      (await client.getTransactionCount({ address: account.address, blockTag: 'pending' })) > (await client.getTransactionCount({ address: account.address }))
    )
      await (batched ? rpc('evm_mine') : new Promise((resolve) => setTimeout(resolve, 50)))
  }
  try {
    let nonce = await client.getTransactionCount({ address: account.address })
    const hashes: Hex[] = []
    // Mined 50 at a time: anvil's pool drops transactions when a thousand wait for one sender.
    const send = async (request: Promise<Hex>) => {
      if (hashes.push(await request) % 50 === 0) await mineAll()
    }
    for (let index = 0; index < count; index++) {
      await send(
        wallet.deployContract({
          abi: erc4626VaultAbi,
          bytecode: erc4626VaultBytecode,
          args: [asset, '0x0000000000000000000000000000000000000000', `Scale vault ${index}`, `SV${index}`],
          nonce: nonce++,
          chain: null,
          gas: 5_000_000n,
        }),
      )
      await send(
        wallet.deployContract({
          abi: rewardPoolAbi,
          bytecode: rewardPoolBytecode,
          args: [
            {
              rewardTokens: [reward],
              rewardPerBlock: [10n ** 15n],
              startBlock: head,
              endBlock: head + 10_000_000n,
              claimDelay: head,
              unstakeDelayDuration: 0n,
              feeManager: account.address,
              protocolFee: 0n,
              withdrawPenaltyFee: 0n,
              withdrawPenaltyBlock: 0n,
              compoundEnabled: false,
            },
          ],
          nonce: nonce++,
          chain: null,
          gas: 8_000_000n,
        }),
      )
    }
    await mineAll()
    const receipts = await Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash })))
    const addresses = receipts.map((receipt) => getAddress(receipt.contractAddress!))
    const pools = addresses.filter((_, index) => index % 2 === 1)
    const adds: Hex[] = []
    for (const pool of pools) {
      const hash = await wallet.writeContract({
        address: pool,
        abi: rewardPoolAbi,
        functionName: 'addPool',
        args: [asset, 100n, 0n, 0n, [reward, asset]],
        nonce: nonce++,
        chain: null,
        gas: 500_000n,
      })
      if (adds.push(hash) % 50 === 0) await mineAll()
    }
    await mineAll()
    for (const hash of adds) if ((await client.getTransactionReceipt({ hash })).status !== 'success') throw new Error(`addPool ${hash} reverted`)
    return { vaults: addresses.filter((_, index) => index % 2 === 0), pools, asset, reward }
  } finally {
    if (batched) {
      await rpc('evm_setBlockGasLimit', [`0x${gasLimit.toString(16)}`])
      await rpc('evm_setAutomine', [true])
    }
  }
}

/**
 * The devnet's registry with the extra vaults and pools on chain 56 after its own, cut to `count`
 * of each (all of them when left out).
 */
export function registryWith(manifest: DevnetManifest, extra: ExtraContracts, count?: number): RegistryFile {
  const registry = devnetRegistry(manifest)
  const chain = registry.chains[String(CHAIN)] as ChainEntry
  const poolTemplate = chain.rewardPools![0]!
  const vaults = [
    ...chain.vaults!,
    ...extra.vaults.map((address, index) => ({
      address,
      kind: 'erc4626' as const,
      name: `Scale vault ${index}`,
      want: extra.asset,
      zaps: [],
      changesWithoutEvents: false,
    })),
  ]
  const pools = [...chain.rewardPools!, ...extra.pools.map((address, index) => ({ ...poolTemplate, address, name: `Scale pool ${index}` }))]
  return { ...registry, chains: { ...registry.chains, [String(CHAIN)]: { ...chain, vaults: vaults.slice(0, count), rewardPools: pools.slice(0, count) } } }
}
