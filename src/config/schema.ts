import Type, { type Static } from 'typebox'
import { AddressSchema } from '../schema/index.js'

const ChainConfigSchema = Type.Object(
  {
    chainId: Type.Integer({ minimum: 1, maximum: 4294967295 }),
    name: Type.Optional(Type.String({ minLength: 1 })),
    /** Ranked: the first answers unless it fails, then the next. */
    rpcUrls: Type.Array(Type.String({ format: 'http-url' }), { minItems: 1 }),
    /**
     * Seconds per block, overriding the block time measured from the chain's recent blocks (APR:
     * blocks per year = 31,536,000 / seconds per block; E2 durations). Leave it out to measure.
     */
    blockTimeSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3600 })),
    /** The wrapped native coin (WETH, WBNB, WAVAX): the unit of harvest call rewards. */
    wrappedNative: AddressSchema,
    /**
     * Blocks after which the event index takes a block as final: it keeps the hashes of the blocks
     * above that depth for its reorg checks, and a reorg deeper than it is an incident. Leave it
     * out for the chain's profile (65 on Ethereum), else DEFAULT_FINALITY_DEPTH.
     */
    finalityDepth: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    /**
     * Each RPC URL's request budget, calls per second (each call of a JSON-RPC batch counted): calls
     * wait for their turn instead of meeting the provider's 429. Leave it out for none.
     */
    callsPerSecond: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100_000 })),
  },
  { additionalProperties: false },
)

/** The whole configuration, validated once at start. */
export const ConfigSchema = Type.Object(
  {
    host: Type.String({ minLength: 1 }),
    port: Type.Integer({ minimum: 0, maximum: 65535 }),
    /**
     * Which proxies' X-Forwarded-For to believe for the client address (rate limits): false (none,
     * the default: the API faces clients), true (any: only behind a load balancer that sets it),
     * a hop count, or comma-separated addresses/CIDRs of the proxies.
     */
    trustProxy: Type.Union([Type.Boolean(), Type.Integer({ minimum: 1, maximum: 16 }), Type.String({ minLength: 1 })], {
      'x-rule': 'must be true, false, a hop count or comma-separated proxy addresses/CIDRs',
    }),
    logLevel: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    /** `pretty`: readable lines for a terminal; `json`: one JSON object per line; `auto`: pretty when stdout is a terminal. */
    logFormat: Type.Enum(['auto', 'pretty', 'json']),
    role: Type.Enum(['all', 'api', 'refresher']),
    /** Chains served; empty means the embedded devnet. */
    chains: Type.Array(ChainConfigSchema),
    registryPath: Type.Optional(Type.String({ minLength: 1 })),
    databaseUrl: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', 'x-rule': 'must be a postgres:// or postgresql:// URL' })),
    redisUrl: Type.Optional(Type.String({ pattern: '^rediss?://', 'x-rule': 'must be a redis:// or rediss:// URL' })),
    /** Prefix of every Redis key, so several deployments can share one Redis. */
    redisPrefix: Type.String({ minLength: 1, maxLength: 64 }),
    /** PGlite data folder when no DATABASE_URL is given. */
    dataDir: Type.String({ minLength: 1 }),
    /** Gas estimates are multiplied by this and rounded up. */
    gasMargin: Type.Number({ minimum: 1, maximum: 3 }),
    /** A zap is refused when its pair's spot price is off the fair price by more than this, percent. */
    zapMaxDeviationPercent: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    /** /harvestable says a strategy harvested less than this long ago is not due yet, seconds. */
    harvestMinIntervalSeconds: Type.Integer({ minimum: 0, maximum: 30 * 86_400 }),
    /** Longest one attempt on one RPC URL may take. */
    rpcTimeoutMs: Type.Integer({ minimum: 100, maximum: 120000 }),
    /** Further passes over a chain's URLs after the first (within the deadline). */
    rpcRetryCount: Type.Integer({ minimum: 0, maximum: 10 }),
    /** One time budget for all the node calls of a client request, across retries and fallbacks. */
    requestBudgetMs: Type.Integer({ minimum: 200, maximum: 60000 }),
    /** An RPC URL whose head is more than this many blocks behind the best one is asked last. */
    rpcMaxLagBlocks: Type.Integer({ minimum: 1, maximum: 10000 }),
    /** How often each RPC URL's head and health are checked. */
    rpcProbeIntervalMs: Type.Integer({ minimum: 500, maximum: 600000 }),
    rateLimit: Type.Object(
      {
        /** Requests per window and client IP; 0 turns limiting off. */
        max: Type.Integer({ minimum: 0 }),
        windowMs: Type.Integer({ minimum: 1000 }),
      },
      { additionalProperties: false },
    ),
    snapshot: Type.Object(
      {
        /** How often the refresher looks for a new block; a new block triggers a snapshot. */
        refreshIntervalMs: Type.Integer({ minimum: 500, maximum: 600000 }),
        /** Past this age an answer from a snapshot carries `x-stale: true`. */
        staleAfterMs: Type.Integer({ minimum: 1000 }),
        /** TVL and APR history is recorded at most this often per chain. */
        historyIntervalMs: Type.Integer({ minimum: 1000 }),
        /** History older than this is deleted. */
        historyRetentionDays: Type.Number({ exclusiveMinimum: 0 }),
        /** Days of history a chain's first snapshot reads from the node where none is recorded (one point a day); 0 turns it off. */
        historyBackfillDays: Type.Integer({ minimum: 0, maximum: 365 }),
        /** A refresher's per-chain lock expires this long after its last renewal (another takes over). */
        lockTtlMs: Type.Integer({ minimum: 1000, maximum: 600000 }),
        /**
         * Seconds of chain time the full read of a chain's state is spread over: a new block reads
         * the contracts its logs name (and those marked as changing without events) and its slice
         * of the registry, every contract once per period. 0 reads everything at every block.
         */
        fullReadSeconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
        /**
         * Seconds between saves of a chain's snapshot to the store when no other process follows
         * the store (Redis carries snapshots to the replicas, or the store is embedded PGlite): the
         * copy a restart serves first. With PostgreSQL and no Redis every snapshot is saved.
         */
        saveIntervalSeconds: Type.Integer({ minimum: 0, maximum: 3_600 }),
      },
      { additionalProperties: false },
    ),
    figures: Type.Object(
      {
        /** A pair route whose reserves are worth less than this many USD does not price: the token is unpriced, with a note. */
        minPriceLiquidityUsd: Type.Number({ minimum: 0 }),
        /** A price whose second route (registry `priceCheck`) differs from it by more than this, percent, is flagged. */
        priceCheckMaxDeviationPercent: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
        /** An APY or APR above this fraction a year (10 = 1,000 %) is flagged as implausible. */
        maxPlausibleApy: Type.Number({ exclusiveMinimum: 0 }),
      },
      { additionalProperties: false },
    ),
    index: Type.Object(
      {
        /** Follow the registered contracts' events (participants, and the history the index gives); in the refresher role. */
        enabled: Type.Boolean(),
        /** The largest block span one eth_getLogs asks for; a node that allows less is met by shrinking (see LogRange). */
        maxRangeBlocks: Type.Integer({ minimum: 1, maximum: 1000000 }),
      },
      { additionalProperties: false },
    ),
    stream: Type.Object(
      {
        /** How long GET /stream keeps its events for clients that reconnect with Last-Event-ID, seconds. */
        windowSeconds: Type.Integer({ minimum: 1, maximum: 604_800 }),
        /** Events kept at most, however young. */
        maxEvents: Type.Integer({ minimum: 100, maximum: 10_000_000 }),
      },
      { additionalProperties: false },
    ),
    devnet: Type.Object(
      {
        /** The embedded devnet mines a block this often so rewards accrue. */
        blockTimeMs: Type.Integer({ minimum: 100, maximum: 600_000 }),
        /** The devnet's first chain's RPC port, the others' the next two; 0: free ports the OS picks. */
        rpcPort: Type.Integer({ minimum: 0, maximum: 65533 }),
        /** The devnet's embedded store (its manifest goes beside it). */
        dataDir: Type.String({ minLength: 1 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)

export type Config = Static<typeof ConfigSchema>
export type ChainConfig = Static<typeof ChainConfigSchema>
