import type { Address } from 'viem'
import { invalidInput, notFound } from '../errors/index.js'
import { withheldReason, type ChainRegistry } from '../registry/index.js'
import { withheldFromService } from '../answer-state/index.js'
import type { VaultTarget } from './resolveVault.js'

/** A token the registry lists on the chain, or a side of a registered pair. */
export function isRegisteredToken(registry: ChainRegistry, token: Address): boolean {
  return registry.tokens.has(token) || [...registry.lpPairs.values()].some((pair) => pair.token0 === token || pair.token1 === token)
}

/**
 * The zap, if registered for this vault: 404 when the chain knows no such zap or the start's check withheld it from this vault, 400 (`yieldZapAddress`) when it serves another vault.
 * The registry's addresses are checksummed when it loads, as `zapAddress` is by the route.
 */
export function registeredZap(target: VaultTarget, zapAddress: Address, chainId: number): { address: Address; defaultTokenIn: string } {
  const zap = target.vault.zaps?.find((candidate) => candidate.address === zapAddress)
  if (zap) return { address: zapAddress, defaultTokenIn: zap.defaultTokenIn }
  const withheld = withheldReason(target.registry, zapAddress, target.vault.address)
  if (withheld)
    throw withheldFromService('ZAP_NOT_FOUND', `zap ${zapAddress} is registered for vault ${target.vault.address} on chain ${chainId}`, chainId, withheld)
  const knownElsewhere = [...target.registry.vaults.values()].some((vault) => vault.zaps?.some((candidate) => candidate.address === zapAddress))
  if (knownElsewhere)
    throw invalidInput('yieldZapAddress', `is not a zap of vault ${target.vault.address}; it is registered for another vault on chain ${chainId}`)
  throw notFound('ZAP_NOT_FOUND', `no zap ${zapAddress} is registered on chain ${chainId}`, { chainId })
}
