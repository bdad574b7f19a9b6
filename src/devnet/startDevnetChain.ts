import { ANVIL_ACCOUNT_COUNT } from './accounts.js'
import { startAnvil } from './anvil.js'
import { deployChain } from './deployChain.js'
import type { DevnetChainManifest } from './manifest.js'
import { chainSpecs } from './specs.js'

/**
 * Starts one anvil and deploys the devnet's contracts and demo state on it, as for the devnet's
 * chain `specOf` (default `chainId`) under the id `chainId`; `anvilArgs` go to anvil (e.g.
 * `--prune-history` for a node that keeps no old state). For a test that needs a chain of its own
 * (its clock, its pruning) beside the shared devnet. The anvil is killed when the process exits (anvil.ts).
 */
export async function startDevnetChain(options: {
  chainId: number
  specOf?: number
  anvilArgs?: readonly string[]
}): Promise<{ manifest: DevnetChainManifest; stop(): Promise<void> }> {
  const spec = chainSpecs.find((candidate) => candidate.chainId === (options.specOf ?? options.chainId))
  if (!spec)
    throw new Error(`devnet: no chain spec ${options.specOf ?? options.chainId} (there are ${chainSpecs.map((candidate) => candidate.chainId).join(', ')})`)
  const anvil = await startAnvil(options.chainId, ANVIL_ACCOUNT_COUNT, options.anvilArgs ?? [])
  try {
    return { manifest: await deployChain({ ...spec, chainId: options.chainId }, anvil.rpcUrl), stop: anvil.stop }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}
