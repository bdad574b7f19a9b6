import Type from 'typebox'
import type { SnapshotIndex } from '../../chain-snapshot/index.js'
import { notFoundHere, notReady } from '../../errors/index.js'
import { dataHealth, FLAG_KINDS } from '../../status/index.js'
import { CHECK_KINDS } from '../../registry-tools/index.js'
import { DevnetManifestSchema, FlagsSchema, type DevnetManifest } from '../../schema/index.js'
import type { App, AppDeps } from '../deps.js'
import { problemResponses } from '../schemas/problem.js'
import { LIMIT_ERRORS } from '../schemas/responses.js'

const VersionSchema = Type.Object({ version: Type.String({ description: 'The API version (of package.json)' }) })

const ReadySchema = Type.Object({
  status: Type.Literal('ready'),
  chains: Type.Record(
    Type.String(),
    Type.Object({ blockNumber: Type.String({ description: 'Decimal block number; "" before the first health check of the chain' }) }),
    {
      description: 'Each configured chain and the highest head its nodes reported',
    },
  ),
})

/** One line of the registry check (see checkRegistry). */
const CheckRowSchema = Type.Object({
  chainId: Type.Integer(),
  kind: Type.Enum([...CHECK_KINDS], { description: "What kind of entry the row is about ('chain': the whole chain)" }),
  entry: Type.String({ description: 'The registry entry: its kind, name and address' }),
  address: Type.Optional(Type.String({ description: "The entry's address (checksummed); absent on a row about a whole chain" })),
  check: Type.String({ description: 'What was checked (code, decimals, feed, pair route, want, quote into …, family, reward priced)' }),
  level: Type.Enum(['ok', 'warn', 'error']),
  detail: Type.String(),
})

const StatusSchema = Type.Object({
  chains: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      head: Type.Union([Type.String(), Type.Null()], { description: 'The highest head its nodes reported (decimal); null before the first health check' }),
      snapshotBlock: Type.Union([Type.String(), Type.Null()], { description: 'The block of the latest snapshot; null before the first' }),
      snapshotAgeSeconds: Type.Union([Type.Integer(), Type.Null()], { description: 'Seconds since that snapshot was read or confirmed current' }),
      stale: Type.Boolean({ description: 'Older than SNAPSHOT_STALE_AFTER_MS, or none yet: aggregate answers carry `x-stale`' }),
      ready: Type.Boolean({
        description: 'Some node of this chain answered lately and its breaker is closed (a node answering for another chain does not count)',
      }),
      blockTime: Type.Union(
        [
          Type.Object({
            seconds: Type.Number({ description: 'Seconds per block that APRs and durations are computed with' }),
            source: Type.Union([Type.Literal('measured'), Type.Literal('override'), Type.Literal('default')], {
              description:
                "`measured`: the median spacing of the chain's last 256 blocks (or all it has); `override`: BLOCK_TIME_<id>; `default`: the known chain's usual value, until a measurement exists",
            }),
          }),
          Type.Null(),
        ],
        { description: 'The block time of the latest snapshot; null before one, or for a chain the service does not know and has not measured yet' },
      ),
      index: Type.Union(
        [
          Type.Object({
            indexedBlock: Type.Union([Type.String(), Type.Null()], {
              description: "The block through which every followed contract's events are stored (decimal); null before the first pass",
            }),
            head: Type.Union([Type.String(), Type.Null()], { description: 'The head the indexer last saw (decimal)' }),
            lagBlocks: Type.Union([Type.Integer(), Type.Null()], { description: 'head − indexedBlock' }),
            backfillPercent: Type.Number({ description: "Share of the followed contracts' history indexed, percent (100 once it follows the head)" }),
            indexesBuilt: Type.Boolean({
              description:
                "The chain's lookups are built (once, after its event backfill). Until then answers that read past events (harvests, user history, stakers, compoundings) list none and say the index is still being built",
            }),
          }),
          Type.Null(),
        ],
        { description: 'The event index as the latest snapshot carries it; null without one (no index, or no snapshot yet)' },
      ),
      dataHealth: Type.Union(
        [
          Type.Object({
            blockNumber: Type.String({ description: "The latest snapshot's block, whose figures these are" }),
            counts: Type.Object(Object.fromEntries(FLAG_KINDS.map((kind) => [kind, Type.Integer()])), {
              description: 'Flags by kind over every entry (see FlagSchema)',
            }),
            entries: Type.Array(
              Type.Object({
                kind: Type.Enum(['vault', 'pool', 'price'], { description: 'Where the entry is served: /vaults, /v2/pools or /prices' }),
                address: Type.String(),
                name: Type.String(),
                flags: FlagsSchema,
              }),
              { description: 'Each flagged entry with its flags, as the endpoint serving it gives them' },
            ),
          }),
          Type.Null(),
        ],
        { description: "What the served figures' guards flag at the latest snapshot; null before one" },
      ),
      nodes: Type.Array(
        Type.Object({
          index: Type.Integer({ description: "Its place in the chain's RPC URLs" }),
          breakerOpen: Type.Boolean(),
          lagging: Type.Boolean({ description: 'Its head is behind the best by more than RPC_MAX_LAG_BLOCKS' }),
          lastOkAgoMs: Type.Union([Type.Integer(), Type.Null()], { description: 'Since its last answer, ms' }),
          wrongChainId: Type.Union([Type.Integer(), Type.Null()], {
            description:
              "The chain id its node answered (eth_chainId) when it is another chain's: out of rotation until it answers this chain's again; else null",
          }),
        }),
      ),
    }),
  ),
  registry: Type.Union(
    [
      Type.Object({
        checkedAt: Type.String({ description: 'When the start-time check finished, ISO 8601' }),
        errors: Type.Array(CheckRowSchema),
        warnings: Type.Array(CheckRowSchema),
        withheld: Type.Array(
          Type.Object({
            chainId: Type.Integer(),
            address: Type.String(),
            entry: Type.String(),
            reason: Type.String({ description: 'The lasting check that failed, and what the chain said' }),
          }),
          {
            description:
              'Entries taken out of service for a lasting error (no code, a family that does not answer, a wrong want or decimals, a zap that refuses its vault, a vault whose want is unsound): absent from every answer; requests for them get a 404 saying why',
          },
        ),
      }),
      Type.Null(),
    ],
    {
      description:
        "The registry checked against each chain's node at start (as `npm run registry -- check` does): its errors and warnings, and what it withheld; null while it runs",
    },
  ),
})

/** U1 /version, /healthz, /readyz, /status, /openapi.json and (on the devnet) /devnet. */
export function registerMetaRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/version',
    {
      schema: {
        tags: ['meta'],
        summary: 'U1 — the API version',
        response: { 200: VersionSchema, ...problemResponses(...LIMIT_ERRORS) },
      },
    },
    async () => ({ version: deps.version }),
  )

  // Probes are never rate limited: a load balancer asks often, from one address.
  const probe = { rateLimit: false } as const

  app.get(
    '/healthz',
    { config: probe, schema: { tags: ['meta'], summary: 'The process is alive', response: { 200: Type.Object({ status: Type.Literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/readyz',
    {
      config: probe,
      schema: {
        tags: ['meta'],
        summary: 'Every configured chain has a node that answered lately (from the health checks; no call is made) and the registry is loaded',
        response: { 200: ReadySchema, ...problemResponses('NOT_READY') },
      },
    },
    async () => {
      // From what the health checks and recent calls have seen: a probe never waits on a node.
      const health = [...deps.chains.values()].map((chain) => ({ chainId: chain.chainId, health: chain.rpc.health() }))
      const failed = health.filter((chain) => !chain.health.ready).map((chain) => chain.chainId)
      if (failed.length > 0 || deps.registry.chains.size === 0) {
        throw notReady(failed.length ? `no node of chain ${failed.join(', ')} has answered lately` : 'no registry is loaded', { retryAfterSeconds: 5 })
      }
      const chains = Object.fromEntries(health.map(({ chainId, health }) => [String(chainId), { blockNumber: String(health.head ?? '') }]))
      return { status: 'ready' as const, chains }
    },
  )

  app.get(
    '/status',
    {
      schema: {
        tags: ['meta'],
        summary: "Each chain's head, latest snapshot and node health, for dashboards (no node is called)",
        response: { 200: StatusSchema, ...problemResponses(...LIMIT_ERRORS) },
      },
    },
    async () => ({
      chains: [...deps.chains.values()].map((chain) => {
        const health = chain.rpc.health()
        const snapshot = deps.snapshots?.latest(chain.chainId)
        const age = snapshot && Math.max(0, Math.floor((Date.now() - snapshot.takenAt) / 1000))
        return {
          chainId: chain.chainId,
          head: health.head === undefined ? null : health.head.toString(),
          snapshotBlock: snapshot ? snapshot.state.blockNumber.toString() : null,
          snapshotAgeSeconds: age ?? null,
          stale: snapshot ? Date.now() - snapshot.takenAt > deps.config.snapshot.staleAfterMs : true,
          ready: health.ready,
          blockTime: snapshot?.blockTime ?? null,
          index: snapshot?.index ? indexStatus(snapshot.index) : null,
          dataHealth: dataHealth(deps, chain.chainId) ?? null,
          // Nodes by their place in RPC_URLS_<id>: a URL may carry an API key, so none is shown.
          nodes: health.endpoints.map((endpoint, index) => ({
            index,
            breakerOpen: endpoint.open,
            lagging: endpoint.lagging,
            lastOkAgoMs: endpoint.lastOkAgoMs ?? null,
            wrongChainId: endpoint.wrongChainId ?? null,
          })),
        }
      }),
      registry: deps.registryCheck?.latest() ?? null,
    }),
  )

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  app.get(
    '/devnet',
    {
      schema: {
        tags: ['meta'],
        summary: 'What the embedded devnet deployed (only while it runs)',
        response: { 200: DevnetManifestSchema, ...problemResponses('NOT_FOUND', ...LIMIT_ERRORS) },
      },
    },
    async () => {
      if (!deps.devnet) {
        throw notFoundHere('the embedded devnet is not running: this service serves configured chains')
      }
      return deps.devnet as DevnetManifest
    },
  )
}

/** The index part of a chain's /status. */
function indexStatus(index: SnapshotIndex) {
  const { indexedBlock, head } = index
  return {
    indexedBlock: indexedBlock === undefined ? null : indexedBlock.toString(),
    head: head === undefined ? null : head.toString(),
    lagBlocks: indexedBlock === undefined || head === undefined ? null : Number(head - indexedBlock),
    backfillPercent: Math.round(index.backfill * 1000) / 10,
    indexesBuilt: index.indexesBuilt ?? true,
  }
}
