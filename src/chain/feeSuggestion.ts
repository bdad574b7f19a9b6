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
}

/** Recent blocks whose median priority fee is the typical one. */
const FEE_HISTORY_BLOCKS = 10
/**
 * A suggestion is reused for this long, ms: every build in the same block or two would read the
 * same fee history, and reading it with each one cost the builds about 40 % of their throughput
 * (the bench: 748 against 1,259 deposit builds a second). Its cap leaves room for six full
 * blocks of base-fee rises, so a suggestion a second old still lands on a 0.45 s chain.
 */
export const FEE_SUGGESTION_MAX_AGE_MS = 1_000

/** Each chain's last suggestion and when it was read (by the nodes behind it: scoped clients share it). */
const kept = new WeakMap<ChainClient['rpc'], { at: number; suggestion: FeeSuggestion }>()
/** Each chain's read under way: builds that start while it travels share it rather than each asking the node. */
const reading = new WeakMap<ChainClient['rpc'], Promise<FeeSuggestion>>()

/**
 * A fee suggestion from `eth_feeHistory` over the last FEE_HISTORY_BLOCKS blocks and the node's
 * `eth_maxPriorityFeePerGas`, asked together (one round trip). The tip is the median of the 50th
 * percentile tips of the blocks that held transactions; an idle chain's empty blocks say nothing
 * of what a miner takes (their "tip" is 0, and a gas price of a few wei would make a harvest look
 * profitable that loses money), so when none held any the node's own suggestion is the tip.
 * Reused for FEE_SUGGESTION_MAX_AGE_MS (calls within a second of each other share one read, and
 * calls while a read travels share that one) unless `fresh` asks for a read now (the refresher's
 * harvest costs, read every few blocks).
 */
export async function readFeeSuggestion(chain: ChainClient, options: { fresh?: boolean } = {}): Promise<FeeSuggestion> {
  const last = kept.get(chain.rpc)
  if (!options.fresh && last && Date.now() - last.at < FEE_SUGGESTION_MAX_AGE_MS) return last.suggestion
  const under = reading.get(chain.rpc)
  if (!options.fresh && under) return under
  const read = readFresh(chain).then((suggestion) => {
    kept.set(chain.rpc, { at: Date.now(), suggestion })
    return suggestion
  })
  reading.set(chain.rpc, read)
  // A failed read is the callers' to meet; the next one asks again.
  read
    .finally(() => {
      if (reading.get(chain.rpc) === read) reading.delete(chain.rpc)
    })
    .catch(() => undefined)
  return read
}

async function readFresh(chain: ChainClient): Promise<FeeSuggestion> {
  const [history, nodeTip] = await Promise.all([
    chain.client.getFeeHistory({ blockCount: FEE_HISTORY_BLOCKS, rewardPercentiles: [50], blockTag: 'latest' }),
    chain.client.request({ method: 'eth_maxPriorityFeePerGas' }).then(BigInt),
  ])
  const blocks = history.baseFeePerGas.length - 1
  const tips = (history.reward ?? [])
    .flatMap((rewards, index) => ((history.gasUsedRatio[index] ?? 0) > 0 ? [rewards[0] ?? 0n] : []))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const fromBlocks = tips.length > 0 ? tips[Math.floor(tips.length / 2)]! : undefined
  const tip = fromBlocks ?? nodeTip
  const nextBaseFeePerGas = history.baseFeePerGas[blocks] ?? 0n
  return {
    blockNumber: history.oldestBlock + BigInt(Math.max(0, blocks - 1)),
    nextBaseFeePerGas,
    maxPriorityFeePerGas: tip,
    maxFeePerGas: 2n * nextBaseFeePerGas + tip,
    tipSource: fromBlocks === undefined ? 'node' : 'recent-blocks',
  }
}
