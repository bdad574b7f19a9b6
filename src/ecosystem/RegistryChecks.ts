import type { Logger } from 'pino'
import type { ChainClient, FactCache } from '../chain/index.js'
import type { FigurePolicy } from '../pricing/index.js'
import type { Registry } from '../registry/index.js'
import { checkRegistry, type CheckRow } from './registryCheck.js'

/** The start's registry check as /status gives it: when it finished, and its errors and warnings. */
export interface RegistryCheckSummary {
  checkedAt: string
  errors: CheckRow[]
  warnings: CheckRow[]
}

/**
 * Checks the registry against every chain's node at start, beside everything else (the service
 * serves meanwhile), and logs each error and warning on a line of its own. A chain whose node does
 * not answer is one error line; the check is not retried.
 */
export class RegistryChecks {
  private summary: RegistryCheckSummary | undefined

  constructor(private readonly deps: { chains: Map<number, ChainClient>; registry: Registry; facts: FactCache; figurePolicy: FigurePolicy; log: Logger }) {}

  /**
   * Runs the check once `ready()` says the start's own reads are done (every chain has a snapshot),
   * or after `maxWaitMs` anyway: its reads go after the first snapshots, never in their way (on a
   * hung first node, each extra call costs a hedge delay).
   */
  async runWhenReady(ready: () => boolean, maxWaitMs = 60_000): Promise<RegistryCheckSummary> {
    const until = Date.now() + maxWaitMs
    while (!ready() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250).unref())
    return this.run()
  }

  /** Runs the check once; resolves when every chain's is done. */
  async run(): Promise<RegistryCheckSummary> {
    const { chains, registry, facts, figurePolicy, log } = this.deps
    const rows = (
      await Promise.all(
        [...registry.chains].map(async ([chainId, chainRegistry]) => {
          const chain = chains.get(chainId)
          if (!chain) return []
          try {
            return await checkRegistry(chain, chainRegistry, facts, figurePolicy)
          } catch (error) {
            return [
              {
                chainId,
                entry: `chain ${chainId}`,
                check: 'node',
                level: 'error' as const,
                detail: `the registry could not be checked: ${(error as Error).message.split('\n')[0]}`,
              },
            ]
          }
        }),
      )
    ).flat()
    const summary = {
      checkedAt: new Date().toISOString(),
      errors: rows.filter((row) => row.level === 'error'),
      warnings: rows.filter((row) => row.level === 'warn'),
    }
    for (const row of summary.errors) log.error(`registry check: chain ${row.chainId} ${row.entry}: ${row.check}: ${row.detail}`)
    for (const row of summary.warnings) log.warn(`registry check: chain ${row.chainId} ${row.entry}: ${row.check}: ${row.detail}`)
    log.info(`registry check: ${summary.errors.length} errors, ${summary.warnings.length} warnings`)
    this.summary = summary
    return summary
  }

  /** The last finished check; undefined while the first runs. */
  latest(): RegistryCheckSummary | undefined {
    return this.summary
  }
}
