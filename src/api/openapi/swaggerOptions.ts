import type { SwaggerOptions } from '@fastify/swagger'
import type { AppDeps } from '../deps.js'
import { guides } from '../pages/guides.js'
import { describeDocument, type OpenApiDocument } from './describeDocument.js'

const DESCRIPTION = [
  'Unsigned transaction descriptors, on-chain positions and ecosystem data for yield vaults and staking reward pools. Nothing here signs: a wallet signs and sends what the tx endpoints build (their `approvals` first).',
  '',
  'Amounts are decimal strings in the lowest denomination; addresses are `0x` hex (EIP-55 in answers); call data is `0x` hex.',
  '',
  'Errors are `application/problem+json` (RFC 9457) with a stable `code`; each operation lists, per status, the codes it answers with. 429, 502 and 503 carry `retry-after`. Every answer carries `x-request-id`.',
  '',
  'Freshness: answers read from the chain say the block in `x-block-number` (`x-block-numbers: 1=…,56=…` for several chains); aggregate answers also carry `age` (seconds), `x-stale: true` once old, an `ETag` (send `If-None-Match` for a 304) and `cache-control`.',
].join('\n')

const DEVNET_NOTE =
  "\n\nOn the embedded devnet every example is live: the contracts, pid and accounts are the devnet's (`GET /devnet`). The example `user` (dev account 1) holds every token and has given no allowance, so builds show their approvals; dev account 0 deployed everything and holds a deposit in every vault and a stake in every staking pool, so withdrawals, unstakes and claims use it."

/** The options of @fastify/swagger: the document's frame, and its examples and headers (describeDocument). */
export function swaggerOptions(deps: Pick<AppDeps, 'version' | 'devnet'>): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Yield vault, staking pool and ecosystem API',
        version: deps.version,
        description: DESCRIPTION + (deps.devnet ? DEVNET_NOTE : '') + guideList(),
      },
      tags: [
        { name: 'meta', description: 'Version, health and documentation' },
        { name: 'yield', description: 'Yield vaults (Y1–Y9)' },
        { name: 'pool', description: 'Staking reward pools (P1–P7)' },
        { name: 'ecosystem', description: 'TVL, pools, bridges, tokens, LP value (U2, U3, E1–E3)' },
        { name: 'users', description: "A user's positions across every vault and staking pool" },
      ],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
    // Only the OpenAPI 3 form is built (the `openapi` option above), never Swagger 2.
    transformObject: (document) =>
      describeDocument(('openapiObject' in document ? document.openapiObject : document.swaggerObject) as OpenApiDocument, deps) as object,
  }
}

/** The guides served at /guides/, listed under the description: the manual beside this reference. */
function guideList(): string {
  const list = guides()
  return list.length === 0 ? '' : `\n\nGuides: ${list.map((guide) => `[${guide.title}](/guides/${guide.name})`).join(' · ')}.`
}
