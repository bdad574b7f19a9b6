const DAY = 86_400

/** Days of past the devnet lays down: its APYs over 30 days, its histories and charts of a month have data from the first start. */
export const PAST_DAYS = 31

/** The devnet's block time, seconds: of its last day of past and of the blocks it mines afterwards (DEVNET_BLOCK_TIME_MS). */
export const DEVNET_BLOCK_SECONDS = 120

/** The timestamp (seconds) the devnet's first block gets, so that its past ends now: PAST_DAYS and a day before `now`. */
export function genesisTimestamp(now = Math.floor(Date.now() / 1000)): number {
  return now - (PAST_DAYS + 1) * DAY
}
