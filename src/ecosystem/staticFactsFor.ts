import { chainFor, type ServiceContext } from '../context.js'
import { actionError } from '../tx/index.js'
import { staticFactsOf, type StaticFacts } from './readStaticFacts.js'

/** A configured chain's static facts (read once); `path` names the request field that chose the chain. */
export async function staticFactsFor(ctx: ServiceContext, chainId: number, path: string): Promise<StaticFacts> {
  const { chain, registry } = chainFor(ctx, chainId, path)
  try {
    return await staticFactsOf(chain, registry, ctx.facts)
  } catch (error) {
    throw actionError(error, chain, 'read')
  }
}
