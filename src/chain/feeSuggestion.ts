import { type Hex, numberToHex, type RpcFeeHistory } from 'viem'
import type { ChainClient } from './createChainClients.js'

/** What a transaction sent now should offer per gas (EIP-1559), wei. */
export interface FeeSuggestion {
  /** The newest block the fee history covers. */
  blockNumber: bigint
  /** The next block's base fee, as the newest block sets it. */
  nextBaseFeePerGas: bigint
  /** The tip: the median of recent blocks that held transactions, else the node's own suggestion. */
  maxPriorityFeePerGas: bigint
  /** Twice the next base fee plus the tip: room for six full blocks of base fee rises (12.5 % each). */
  maxFeePerGas: bigint
  /** Where the tip comes from: `recent-blocks` (their median tip at the 50th percentile) or `node` (`eth_maxPriorityFeePerGas`). */
  tipSource: 'recent-blocks' | 'node'
  /** A chain without a base fee (no EIP-1559): the fees are its `eth_gasPrice`, in maxFeePerGas and the tip alike. */
  legacy?: true
}

/** Recent blocks whose median priority fee is the typical one. */
const FEE_HISTORY_BLOCKS = 10
/** Each chain's read under way (by the nodes behind it: scoped clients share it): builds that start while it travels share it rather than each asking the node. */
const reading = new WeakMap<ChainClient['rpc'], Promise<FeeSuggestion>>()

/**
 * A fee suggestion from `eth_feeHistory` over the last FEE_HISTORY_BLOCKS blocks and the node's
 * `eth_maxPriorityFeePerGas`, asked together (one round trip). The tip is the median of the 50th
 * percentile tips of the blocks that held transactions; an idle chain's empty blocks say nothing
 * of what a miner takes (their "tip" is 0, and a gas price of a few wei would make a harvest look
 * profitable that loses money), so when none held any the node's own suggestion is the tip.
 * Calls made while a read travels share it, unless `fresh` asks for a read of its own. Nothing is
 * kept past its read: a suggestion is valid for the block it was read at only (a base fee can rise
 * further in one block than a cap made for six allows, on a devnet or after a spike), so each
 * build asks in its own first batch, and checks the block (see feeSuggestionFor).
 */
export async function readFeeSuggestion(chain: ChainClient, options: { fresh?: boolean } = {}): Promise<FeeSuggestion> {
  const under = reading.get(chain.rpc)
  if (!options.fresh && under) return under
  const read = readFresh(chain)
  reading.set(chain.rpc, read)
  // A failed read is the callers' to meet; the next one asks again.
  read
    .finally(() => {
      if (reading.get(chain.rpc) === read) reading.delete(chain.rpc)
    })
    .catch(() => undefined)
  return read
}

/**
 * Through `request`, as a build's own calls go: a request's chain client makes its viem client on
 * first use, and that cost (viem's public actions bound anew) was most of a fee read's CPU.
 */
async function readFresh(chain: ChainClient): Promise<FeeSuggestion> {
  const [answer, nodeTip] = await Promise.all([
    chain.request({ method: 'eth_feeHistory', params: [numberToHex(FEE_HISTORY_BLOCKS), 'latest', [50]] }) as Promise<RpcFeeHistory>,
    chain.request({ method: 'eth_maxPriorityFeePerGas' }).then((tip) => BigInt(tip as Hex)),
  ])
  const history = {
    oldestBlock: BigInt(answer.oldestBlock),
    baseFeePerGas: answer.baseFeePerGas.map((fee) => BigInt(fee)),
    gasUsedRatio: answer.gasUsedRatio,
    reward: answer.reward?.map((rewards) => rewards.map((tip) => BigInt(tip))),
  }
  const blocks = history.baseFeePerGas.length - 1
  const tips = (history.reward ?? [])
    .flatMap((rewards, index) => ((history.gasUsedRatio[index] ?? 0) > 0 ? [rewards[0] ?? 0n] : []))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const fromBlocks = tips.length > 0 ? tips[Math.floor(tips.length / 2)]! : undefined
  const tip = fromBlocks ?? nodeTip
  const nextBaseFeePerGas = history.baseFeePerGas[blocks] ?? 0n
  const blockNumber = history.oldestBlock + BigInt(Math.max(0, blocks - 1))
  // No base fee in any block: a chain before London. Its wallets send a gas price.
  if (history.baseFeePerGas.every((fee) => fee === 0n)) {
    const gasPrice = await chain.request({ method: 'eth_gasPrice' }).then((price) => BigInt(price as Hex))
    return { blockNumber, nextBaseFeePerGas: 0n, maxPriorityFeePerGas: gasPrice, maxFeePerGas: gasPrice, tipSource: 'node', legacy: true }
  }
  return {
    blockNumber,
    nextBaseFeePerGas,
    maxPriorityFeePerGas: tip,
    maxFeePerGas: 2n * nextBaseFeePerGas + tip,
    tipSource: fromBlocks === undefined ? 'node' : 'recent-blocks',
  }
}
