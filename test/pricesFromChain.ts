import { erc20Abi, type Address, type PublicClient } from 'viem'
import { priceFeedAbi, uniswapV2PairAbi } from '../contracts/artifacts/index.js'
import type { ChainRegistry } from '../src/registry/index.js'
import { publicClientFor } from './devnet.js'

/**
 * The test's own USD prices, computed from direct contract reads at `blockNumber` (one plain
 * readContract per value, no Multicall3, none of the service's pricing code): feed answers, pair
 * reserves along the registry's routes, fair reserves for LP tokens whose sides are fed. `client`
 * reads a chain other than the shared devnet's (a test's own anvil).
 */
export function pricesFromChain(
  chainId: number,
  registry: ChainRegistry,
  blockNumber: bigint,
  client: PublicClient = publicClientFor(chainId) as PublicClient,
) {
  const read = (address: Address, abi: readonly unknown[], functionName: string) =>
    client.readContract({ address, abi: abi as never, functionName: functionName as never, blockNumber }) as Promise<unknown>
  const decimals = async (token: Address) => Number(await read(token, erc20Abi, 'decimals'))
  const units = (amount: bigint, places: number) => Number(amount) / 10 ** places

  const price = async (token: Address): Promise<number> => {
    const route = registry.tokens.get(token)?.price
    if (route && 'feed' in route) {
      const [, answer] = (await read(route.feed as Address, priceFeedAbi, 'latestRoundData')) as [bigint, bigint]
      return units(answer, Number(await read(route.feed as Address, priceFeedAbi, 'decimals')))
    }
    if (route && 'pair' in route) {
      const pair = registry.lpPairs.get(route.pair as Address)!
      const [reserve0, reserve1] = (await read(pair.address, uniswapV2PairAbi, 'getReserves')) as [bigint, bigint]
      const other = pair.token0 === token ? pair.token1 : pair.token0
      const [own, theirs] = pair.token0 === token ? [reserve0, reserve1] : [reserve1, reserve0]
      return (units(theirs, await decimals(other)) * (await price(other))) / units(own, await decimals(token))
    }
    const pair = registry.lpPairs.get(token)
    if (!pair) throw new Error(`no route for ${token}`)
    const [reserve0, reserve1] = (await read(pair.address, uniswapV2PairAbi, 'getReserves')) as [bigint, bigint]
    const supply = units((await read(pair.address, uniswapV2PairAbi, 'totalSupply')) as bigint, 18)
    const value0 = units(reserve0, await decimals(pair.token0)) * (await price(pair.token0))
    const value1 = units(reserve1, await decimals(pair.token1)) * (await price(pair.token1))
    const fed = (side: Address) => {
      const sideRoute = registry.tokens.get(side)?.price
      return sideRoute !== undefined && !('pair' in sideRoute && sideRoute.pair === pair.address)
    }
    return (fed(pair.token0) && fed(pair.token1) ? 2 * Math.sqrt(value0 * value1) : value0 + value1) / supply
  }

  /** USD value of `amount` (lowest denomination) of `token`. */
  const value = async (token: Address, amount: bigint) => units(amount, await decimals(token)) * (await price(token))
  return { price, value, decimals }
}
