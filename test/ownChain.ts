import { createPublicClient, defineChain, http, toHex, type Chain, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { MULTICALL3_ADDRESS } from '../src/chain/index.js'
import type { ChainConfig } from '../src/config/index.js'
import { devnetRegistry, refreshFeeds, startDevnetChain, type DevnetChainManifest } from '../src/devnet/index.js'
import type { RegistryFile } from '../src/registry/index.js'

/** A chain a test file has to itself, with the devnet's contracts and demo state. */
export interface OwnChain {
  manifest: DevnetChainManifest
  /** The chain's settings as the service takes them: no BLOCK_TIME override (the block time is measured). */
  chainConfig: ChainConfig
  /** The registry of what was deployed, as the devnet writes it. */
  registry: RegistryFile
  /** The viem definition of the chain (Multicall3 known). */
  chain: Chain
  /** A plain viem client of the chain, for the test's own reads. */
  client: PublicClient
  /** Mines `blocks` empty blocks. */
  mine(blocks: number): Promise<void>
  /** From now on, every block is `seconds` after its parent (anvil_setBlockTimestampInterval). */
  setBlockInterval(seconds: number): Promise<void>
  /** Re-posts every feed's answer, so prices stay inside their heartbeat after the clock jumped. */
  refreshFeeds(): Promise<void>
  stop(): Promise<void>
}

/**
 * A separate anvil (`anvilArgs`, e.g. `--prune-history`) with the devnet's contracts, as for chain
 * `specOf` of the devnet under the id `chainId`, and what a test does with it. For tests that
 * change the chain's clock or need a node without old state: the shared devnet is used by every
 * test file at once and is an archive node. About 3 s.
 */
export async function startOwnChain(options: { chainId: number; specOf?: number; anvilArgs?: string[] }): Promise<OwnChain> {
  const { manifest, stop } = await startDevnetChain(options)
  const chain = defineChain({
    id: options.chainId,
    name: `own chain ${options.chainId}`,
    nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [manifest.rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  })
  const client = createPublicClient({ chain, transport: http(manifest.rpcUrl), pollingInterval: 50 }) as PublicClient
  // The first dev account deployed everything: it owns the feeds.
  const deployer = privateKeyToAccount(manifest.accounts[0]!.privateKey)
  const rpc = (method: string, params: unknown[] = []) => client.request({ method, params } as never) as Promise<unknown>
  return {
    manifest,
    chainConfig: { chainId: options.chainId, name: `own chain ${options.chainId}`, rpcUrls: [manifest.rpcUrl], wrappedNative: manifest.wrappedNative },
    registry: devnetRegistry({ chains: { [String(options.chainId)]: manifest } }),
    chain,
    client,
    mine: async (blocks) => void (await rpc('anvil_mine', [toHex(blocks)])),
    setBlockInterval: async (seconds) => void (await rpc('anvil_setBlockTimestampInterval', [seconds])),
    refreshFeeds: () => refreshFeeds(manifest, deployer.address),
    stop,
  }
}
