import type { Address } from 'viem'
import type { ChainRegistry, Withholding } from '../registry/index.js'
import type { CheckRow } from './registryCheck.js'

/**
 * The checks whose error makes an entry unsound for as long as the process runs: what the
 * contract is (its code, its family's reads, its want, its decimals) does not change. A feed gone
 * stale or a pair grown thin is not among them: each snapshot refuses such a price on its own,
 * and serves it again once it recovers.
 */
const LASTING_CHECKS = new Set(['code', 'decimals', 'getReserves', 'want', 'total want', 'callReward', 'family'])

/** The check of a zap's quote into a vault, as registryCheck names it. */
const ZAP_QUOTE = /^quote into (0x[0-9a-fA-F]{40})$/

/**
 * What a chain's check makes unsound, each with its reason: the entries with an error in a lasting
 * check; a zap from the one vault it refuses (other vaults keep it); and a vault whose want is
 * itself unsound (its amounts and price would be wrong).
 */
export function unsoundEntries(registry: ChainRegistry, rows: readonly CheckRow[]): (Withholding & { entry: string })[] {
  const unsound = new Map<string, Withholding & { entry: string }>()
  const add = (key: string, withholding: Withholding & { entry: string }) => unsound.has(key) || unsound.set(key, withholding)
  for (const row of rows) {
    if (row.level !== 'error' || !row.address) continue
    const reason = `${row.check}: ${row.detail}`
    const zapInto = ZAP_QUOTE.exec(row.check)?.[1] as Address | undefined
    if (zapInto) add(`${row.address} ${zapInto}`, { address: row.address, vault: zapInto, reason, entry: `${row.entry} of vault ${zapInto}` })
    else if (LASTING_CHECKS.has(row.check)) add(row.address, { address: row.address, reason, entry: row.entry })
  }
  for (const vault of registry.vaults.values()) {
    const want = unsound.get(vault.want)
    if (want)
      add(vault.address, {
        address: vault.address,
        reason: `its want ${vault.want} is unsound (${want.reason})`,
        entry: `vault${vault.name ? ` ${vault.name}` : ''} ${vault.address}`,
      })
  }
  return [...unsound.values()]
}
