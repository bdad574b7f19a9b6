/**
 * The first line of a failed node call's reason, at most `maxChars` long: viem keeps the node's
 * own words in `details`, its message adds the request it made.
 */
export function errorLine(error: unknown, maxChars: number): string {
  const details = (error as { details?: string }).details
  return (details ?? (error instanceof Error ? error.message : String(error))).split('\n')[0]!.slice(0, maxChars)
}
