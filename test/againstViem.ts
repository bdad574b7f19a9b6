import fc from 'fast-check'

/**
 * Helpers of the property tests that hold the service's own codecs to viem's: generated hex, and
 * each side's answer or error, so a test can say "refuses what viem refuses".
 */

/** `length` hex digits drawn from `digits` (any case by default). */
export const hexDigits = (length: number, digits = '0123456789abcdefABCDEF') =>
  fc.string({ unit: fc.constantFrom(...digits), minLength: length, maxLength: length })

/** What `run` returned, or what it threw. */
export function outcomeOf<T>(run: () => T): { value: T } | { error: unknown } {
  try {
    return { value: run() }
  } catch (error) {
    return { error }
  }
}
