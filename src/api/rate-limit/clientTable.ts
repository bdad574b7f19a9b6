/** Clients a rate-limit store tracks at most, by default; past it, room is made (makeRoom). */
export const MAX_CLIENTS = 10_000

/** Share of the bound kept when the oldest clients are dropped: one sweep makes room for many new clients. */
const KEPT_AFTER_SWEEP = 0.9

/**
 * Makes room in a full table of a rate-limit store's clients: drops those whose window has
 * `ended`, then the oldest down to nine tenths of `bound`, so a stream of new clients pays for
 * one sweep per many of them, not one each. A client `busy` says is in use is never dropped.
 */
export function makeRoom<T>(table: Map<string, T>, bound: number, ended: (entry: T) => boolean, busy: (entry: T) => boolean = () => false): void {
  for (const [key, entry] of table) if (!busy(entry) && ended(entry)) table.delete(key)
  const kept = Math.floor(bound * KEPT_AFTER_SWEEP)
  for (const [key, entry] of table) {
    if (table.size <= kept) break
    if (!busy(entry)) table.delete(key)
  }
}
