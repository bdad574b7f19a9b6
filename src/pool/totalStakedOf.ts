import type { Address } from 'viem'
import { onChain, type ServiceContext, freshnessOf, pricedStateOf, type Freshness } from '../answer-state/index.js'
import { nodeFailed, tokenNotFound } from '../errors/index.js'
import type { PricedState } from '../pricing/index.js'

/**
 * P7: total staked (wei) of `token` over every registered reward pool on `chainId`, or on every
 * configured chain where it is a staking token. A pool (or, over all chains, a chain) that could
 * not be read is named in `warnings` and the answer is the sum of what could be read; when
 * nothing that stakes the token could be read and something failed, a 502 (it may be staked
 * there); a token no readable pool stakes, with nothing failing, is a 404.
 */
export async function totalStakedOf(
  ctx: ServiceContext,
  input: { token: Address; chainId?: number },
): Promise<{ totalStaked: bigint; warnings: string[]; freshness: Freshness }> {
  const { token } = input
  const warnings: string[] = []
  const states: PricedState[] = []
  if (input.chainId !== undefined) {
    states.push(await pricedStateOf(onChain(ctx, input.chainId)))
  } else {
    const chainIds = [...ctx.chains.keys()].filter((chainId) => ctx.registry.chains.has(chainId))
    const settled = await Promise.allSettled(chainIds.map((chainId) => pricedStateOf(onChain(ctx, chainId))))
    settled.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') states.push(outcome.value)
      else warnings.push(`chain ${chainIds[index]} did not answer: its reward pools are not counted`)
    })
  }
  let totalStaked = 0n
  let staked = false
  for (const { state } of states) {
    for (const [address, pool] of state.rewardPools) {
      if (!pool) {
        warnings.push(`chain ${state.chainId}: reward pool ${address} did not answer its reads; what it stakes is not counted`)
        continue
      }
      for (const staking of pool.stakingPools) {
        if (staking.stakingToken !== token) continue
        staked = true
        totalStaked += staking.totalStaked
      }
    }
  }
  const where = input.chainId === undefined ? 'the configured chains' : `chain ${input.chainId}`
  if (!staked && warnings.length > 0)
    throw nodeFailed(`no reward pool staking ${token} on ${where} could be read: ${warnings.join('; ')}`, { retryAfterSeconds: 5 })
  if (!staked) throw tokenNotFound(`${token} is not a staking token of any registered reward pool on ${where}`)
  return { totalStaked, warnings, freshness: freshnessOf(states, true) }
}
