import { getAddress } from 'viem'
import type { ChainRegistryFile, RegistryFile } from '../registry/index.js'

type ListKey = 'tokens' | 'priceFeeds' | 'lpPairs' | 'vaults' | 'rewardPools'
const LISTS: readonly ListKey[] = ['tokens', 'priceFeeds', 'lpPairs', 'vaults', 'rewardPools']

/** The fields an entry takes from the chain: when a hand-written entry says otherwise, the merge keeps it and says so. */
const CHAIN_FACTS = ['kind', 'want', 'strategy', 'token', 'token0', 'token1', 'decimals'] as const

/**
 * `found` merged into the chain `chainId` of `existing` (a registry file, or none): an entry whose
 * address is already there keeps every field it has (hand edits: names, images, zaps, routes,
 * metadata) and gains only those it lacks; new entries are appended; bridges and other chains are
 * left as they are. `conflicts` names each entry whose kept field differs from what the chain says.
 */
export function mergeRegistry(existing: RegistryFile | undefined, chainId: number, found: ChainRegistryFile): { file: RegistryFile; conflicts: string[] } {
  const key = String(chainId)
  const before = existing?.chains[key]
  const conflicts: string[] = []
  const merged: ChainRegistryFile = { ...before, tokens: before?.tokens ?? [] }
  for (const list of LISTS) {
    const kept = [...((before?.[list] ?? []) as { address: string }[])]
    const position = new Map(kept.map((entry, index) => [getAddress(entry.address), index]))
    for (const entry of (found[list] ?? []) as Record<string, unknown>[]) {
      const address = getAddress(entry.address as string)
      const index = position.get(address)
      if (index === undefined) {
        position.set(address, kept.push(entry as { address: string }) - 1)
        continue
      }
      const hand = kept[index] as Record<string, unknown>
      for (const fact of CHAIN_FACTS) {
        const [said, read] = [hand[fact], entry[fact]]
        if (said === undefined || read === undefined) continue
        const same = typeof said === 'string' && typeof read === 'string' ? said.toLowerCase() === read.toLowerCase() : said === read
        if (!same) conflicts.push(`${list} ${address}: ${fact} kept as ${String(said)}, the chain says ${String(read)}`)
      }
      kept[index] = { ...entry, ...hand } as { address: string }
    }
    if (kept.length > 0 || before?.[list]) (merged as Record<ListKey, unknown>)[list] = kept
  }
  return { file: { ...existing, chains: { ...existing?.chains, [key]: merged } }, conflicts }
}
