import type { Address } from 'viem'
import type { TokenFacts } from '../chain-snapshot/index.js'
import type { Registry } from '../registry/index.js'
import type { Bridge } from '../schema/index.js'

const ETHEREUM = 1
const BNB_SMART_CHAIN = 56

/**
 * E3: one Bridge per registered ticker, pairing its Ethereum and BNB Smart Chain bridge and token
 * (an empty string where the ticker has no bridge on that chain). `decimals` comes from the
 * registry, else from the token on Ethereum, else on BNB Smart Chain; a ticker whose decimals
 * cannot be known is left out and named in `omitted`.
 */
export function bridgeList(
  registry: Registry,
  chainTokens: (chainId: number) => Map<Address, TokenFacts> | undefined,
): { bridges: Bridge[]; omitted: string[] } {
  const bridges: Bridge[] = []
  const omitted: string[] = []
  for (const info of registry.bridges) {
    const on = (chainId: number) => registry.chains.get(chainId)?.bridges.find((bridge) => bridge.ticker === info.ticker)
    const [eth, bsc] = [on(ETHEREUM), on(BNB_SMART_CHAIN)]
    const decimals =
      info.decimals ?? (eth && chainTokens(ETHEREUM)?.get(eth.token)?.decimals) ?? (bsc && chainTokens(BNB_SMART_CHAIN)?.get(bsc.token)?.decimals) ?? undefined
    if (decimals === undefined) {
      omitted.push(info.ticker)
      continue
    }
    bridges.push({
      ticker: info.ticker,
      symbol: info.symbol,
      name: info.name,
      ethBridgeAddress: eth?.address ?? '',
      bscBridgeAddress: bsc?.address ?? '',
      erc20: eth?.token ?? '',
      bep20: bsc?.token ?? '',
      decimals,
    })
  }
  return { bridges, omitted }
}
