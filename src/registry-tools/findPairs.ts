import { getAddress, zeroAddress, type Address } from 'viem'
import { ReadBatch, type ChainClient } from '../chain/index.js'
import { factoryPairRead, pairReservesRead, pairTokensReads } from '../protocols/index.js'

/** A Uniswap V2 pair and its two tokens. */
export interface FoundPair {
  address: Address
  token0: Address
  token1: Address
}

/**
 * The V2 pairs among `tokens` (those answering `token0()`, `token1()` and `getReserves()`), and
 * the pairs each of `factories` holds between any two plain tokens met (those of `tokens` that
 * are not pairs, and the pairs' own tokens): one Multicall3 pass each, at `blockNumber`.
 */
export async function findPairs(
  chain: ChainClient,
  tokens: readonly Address[],
  factories: readonly Address[],
  blockNumber: bigint,
): Promise<{ lps: FoundPair[]; factoryPairs: FoundPair[]; plainTokens: Address[] }> {
  const batch = new ReadBatch()
  const reads = tokens.map((address) => ({
    address,
    tokens: pairTokensReads(address).map((read) => batch.add(read)),
    reserves: batch.add(pairReservesRead(address)),
  }))
  await batch.run(chain, blockNumber)
  const lps: FoundPair[] = []
  for (const {
    address,
    tokens: [token0, token1],
    reserves,
  } of reads) {
    const [first, second] = [token0!.value(), token1!.value()]
    if (first && second && reserves.value()) lps.push({ address, token0: getAddress(first), token1: getAddress(second) })
  }
  const lpAddresses = new Set(lps.map((lp) => lp.address))
  const plainTokens = [...new Set([...tokens.filter((token) => !lpAddresses.has(token)), ...lps.flatMap((lp) => [lp.token0, lp.token1])])]
  if (factories.length === 0) return { lps, factoryPairs: [], plainTokens }

  const lookups = new ReadBatch()
  const candidates: { pair: () => Address | undefined; a: Address; b: Address }[] = []
  for (const factory of factories)
    for (const [index, a] of plainTokens.entries())
      for (const b of plainTokens.slice(index + 1)) {
        const handle = lookups.add(factoryPairRead(factory, a, b))
        candidates.push({ pair: () => handle.value(), a, b })
      }
  await lookups.run(chain, blockNumber)
  const factoryPairs = new Map<Address, FoundPair>()
  for (const { pair, a, b } of candidates) {
    const address = pair()
    if (!address || address === zeroAddress) continue
    const checksummed = getAddress(address)
    // A V2 pair's token0 is the lower of its two addresses.
    const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
    if (!lpAddresses.has(checksummed)) factoryPairs.set(checksummed, { address: checksummed, token0, token1 })
  }
  return { lps, factoryPairs: [...factoryPairs.values()], plainTokens }
}
