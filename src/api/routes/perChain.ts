import { onChain, type ChainContext, type ServiceContext } from '../../answer-state/index.js'

/**
 * `work` on the chain asked for (its failure is the answer) or on every configured chain (the
 * others still answer; a failed one is named in `failed`).
 */
export async function perChain<T>(
  ctx: ServiceContext,
  chainId: number | undefined,
  work: (on: ChainContext) => Promise<T>,
): Promise<{ done: T[]; failed: string[] }> {
  if (chainId !== undefined) return { done: [await work(onChain(ctx, chainId))], failed: [] }
  const chainIds = [...ctx.chains.keys()]
  const read = await Promise.allSettled(chainIds.map((each) => work(onChain(ctx, each))))
  return {
    done: read.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    failed: read.flatMap((result, index) =>
      result.status === 'fulfilled' ? [] : [`chain ${chainIds[index]}: ${(result.reason as Error).message || 'the nodes did not answer'}`],
    ),
  }
}
