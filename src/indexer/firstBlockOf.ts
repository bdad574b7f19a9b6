import { type Address, type Hex, toHex } from 'viem'
import type { ChainClient } from '../chain/index.js'

/**
 * The block each of `addresses` got its code in, found by bisecting `eth_getCode` over the
 * chain's history (about log2(head) steps; the steps of every address travel in one JSON-RPC
 * batch per step). Needs old state: where the node has none (a pruned node), or an address has
 * no code at `head`, the address's answer is undefined and its history is read from block 0.
 */
export async function firstBlockOf(chain: ChainClient, addresses: readonly Address[], head: bigint): Promise<Map<Address, bigint | undefined>> {
  const found = await Promise.all(
    addresses.map(async (address) => {
      try {
        if (!(await hasCode(chain, address, head))) return [address, undefined] as const
        let low = 0n
        let high = head
        // Invariant: code at `high`; none below `low`.
        while (low < high) {
          const middle = (low + high) / 2n
          if (await hasCode(chain, address, middle)) high = middle
          else low = middle + 1n
        }
        return [address, high] as const
      } catch {
        return [address, undefined] as const
      }
    }),
  )
  return new Map(found)
}

async function hasCode(chain: ChainClient, address: Address, block: bigint): Promise<boolean> {
  const code = (await chain.request({ method: 'eth_getCode', params: [address, toHex(block)] })) as Hex | null
  return code !== null && code !== '0x'
}
