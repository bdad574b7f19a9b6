import { TimeoutError, type HttpRequestError, type RpcRequestError } from 'viem'
import { BatchRefused, type RpcEndpoint, type WireAnswer, type WireCall } from './RpcEndpoint.js'
import { AttemptFailed } from './rpcFaults.js'

/** How long one attempt may take, and the chain a timeout names. */
export interface RaceLimits {
  attemptTimeoutMs: number
  chainId: number
}

/** The winner's answers; `split` when the node takes no batch; else every candidate failed. */
export type RaceOutcome =
  | { ok: true; endpoint: RpcEndpoint; answers: Map<number, WireAnswer> }
  | { ok: 'split' }
  | { ok: false; tried: RpcEndpoint[]; error: HttpRequestError | TimeoutError | RpcRequestError }

/**
 * Asks `candidates[0]`; when it is slower than its hedge delay or fails, asks the next as well,
 * and so on. The first node to answer wins and the others are cancelled; a node that was
 * overtaken after its hedge delay counts a timeout. Resolves with the winner's answers, or
 * the last failure once every candidate failed.
 */
export function hedgedRace(candidates: RpcEndpoint[], calls: WireCall[], deadline: number, limits: RaceLimits): Promise<RaceOutcome> {
  return new Promise((resolve) => {
    const running = new Map<RpcEndpoint, { controller: AbortController; startedAt: number; hedge: NodeJS.Timeout | undefined }>()
    const tried: RpcEndpoint[] = []
    let settled = false
    let lastError: HttpRequestError | TimeoutError | RpcRequestError | undefined
    const launch = () => {
      if (settled) return
      const endpoint = candidates[tried.length]
      const remaining = deadline - Date.now()
      if (!endpoint || remaining <= 0) {
        if (running.size === 0) finish({ ok: false, tried, error: lastError ?? new TimeoutError({ body: calls as never, url: `chain ${limits.chainId}` }) })
        return
      }
      tried.push(endpoint)
      const controller = new AbortController()
      const startedAt = Date.now()
      const hedge = tried.length < candidates.length ? setTimeout(launch, endpoint.hedgeDelayMs()) : undefined
      running.set(endpoint, { controller, startedAt, hedge })
      endpoint.post(calls, controller.signal, Math.min(limits.attemptTimeoutMs, remaining)).then(
        (answers) => {
          clearTimeout(hedge)
          running.delete(endpoint)
          if (settled) return
          endpoint.succeeded(Date.now() - startedAt)
          finish({ ok: true, endpoint, answers })
        },
        (error: unknown) => {
          clearTimeout(hedge)
          running.delete(endpoint)
          if (settled) return
          if (error instanceof BatchRefused) return finish({ ok: 'split' })
          const failure = error instanceof AttemptFailed ? error : undefined
          endpoint.failed(failure?.kind ?? 'network', Date.now() - startedAt, failure?.retryAfterMs)
          lastError = failure?.error ?? lastError
          launch()
        },
      )
    }
    const finish = (outcome: RaceOutcome) => {
      settled = true
      const now = Date.now()
      for (const [endpoint, attempt] of running) {
        clearTimeout(attempt.hedge)
        attempt.controller.abort()
        // Still silent after another node answered: as good as timed out for this call.
        if (outcome.ok === true && now - attempt.startedAt >= endpoint.hedgeDelayMs()) endpoint.failed('timeout', now - attempt.startedAt)
      }
      running.clear()
      resolve(outcome)
    }
    launch()
  })
}
