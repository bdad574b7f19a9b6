/** Response headers a browser client may read. */
export const EXPOSED_HEADERS = [
  'x-request-id',
  'x-block-number',
  'x-block-numbers',
  'age',
  'x-stale',
  'retry-after',
  'etag',
  'x-omitted-tokens',
  'x-omitted-bridges',
  'x-omitted-pools',
].join(', ')

/**
 * The CORS headers of every answer to a simple request: dApp front ends call from browsers, so
 * any origin may read, and see the freshness headers. They never change, so they are written
 * as they are (the CORS library answers only the preflights).
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
})
