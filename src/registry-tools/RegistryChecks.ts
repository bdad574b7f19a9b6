import type { Logger } from 'pino'
import type { Address } from 'viem'
import type { ChainClient, FactCache } from '../chain/index.js'
import type { FigurePolicy } from '../pricing/index.js'
import { withhold, type Registry } from '../registry/index.js'
import { checkRegistry, type CheckRow } from './registryCheck.js'
import { unsoundEntries } from './unsoundEntries.js'

/** An entry the start's check took out of service, and why. */
export interface WithheldEntry {
  chainId: number
  address: Address
  entry: string
  reason: string
}

/** The start's registry check as /status gives it: when it finished, its errors and warnings, and what it withheld. */
export interface RegistryCheckSummary {
  checkedAt: string
  errors: CheckRow[]
  warnings: CheckRow[]
  withheld: WithheldEntry[]
}

/**
 * Checks the registry against every chain's node at start and logs each error and warning on a
 * line of its own. What a lasting error makes unsound (see unsoundEntries) is withheld from the
 * registry, so snapshots and tx routes serve only the rest. A chain whose node does not answer is
 * one error line, withholds nothing, and is not retried.
 */
export class RegistryChecks {
  private summary: RegistryCheckSummary | undefined

  constructor(private readonly deps: { chains: Map<number, ChainClient>; registry: Registry; facts: FactCache; figurePolicy: FigurePolicy; log: Logger }) {}

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
                kind: 'chain' as const,
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
    const withheld: WithheldEntry[] = []
    for (const [chainId, chainRegistry] of registry.chains) {
      for (const { entry, ...withholding } of unsoundEntries(
        chainRegistry,
        rows.filter((row) => row.chainId === chainId),
      )) {
        withhold(chainRegistry, withholding)
        withheld.push({ chainId, entry, address: withholding.address, reason: withholding.reason })
      }
    }
    const summary = {
      checkedAt: new Date().toISOString(),
      errors: rows.filter((row) => row.level === 'error'),
      warnings: rows.filter((row) => row.level === 'warn'),
      withheld,
    }
    for (const row of summary.errors) log.error(`registry check: chain ${row.chainId} ${row.entry}: ${row.check}: ${row.detail}`)
    for (const row of summary.warnings) log.warn(`registry check: chain ${row.chainId} ${row.entry}: ${row.check}: ${row.detail}`)
    for (const entry of withheld) log.error(`registry check: chain ${entry.chainId} ${entry.entry}: withheld from service (${entry.reason})`)
    log.info(`registry check: ${summary.errors.length} errors, ${summary.warnings.length} warnings, ${withheld.length} entries withheld`)
    this.summary = summary
    return summary
  }

  /** The last finished check; undefined while the first runs. */
  latest(): RegistryCheckSummary | undefined {
    return this.summary
  }
}
