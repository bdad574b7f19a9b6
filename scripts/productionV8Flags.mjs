/**
 * V8's heap sizes and inline caches in production, by role (measured with `npm run bench`). A
 * module of its own so start.mjs, which runs when imported, is not the only place they live.
 *
 * An api replica (BENCH_ONLY=memory): left alone, V8 sizes the heap for the machine: on 24 GB it
 * lets the old generation grow to 4× what is live before collecting, and the young one to 2 × 16
 * MB, so an api replica with about 40 MB live grew to 150–270 MB under load. A heap limit under 2
 * GB makes V8 grow it by about 1.4× instead, and a 4 MB semi-space keeps the young generation
 * small: about 125 MB, for about 4 % more CPU per request (more frequent scavenges). 512 MB is a
 * ceiling far above what a replica holds. The smaller heap is collected during start-up, which
 * turns process.nextTick slow for good unless main() holds its shapes (src/keepTickShapes.ts,
 * whose test starts its route with these flags).
 *
 * No allocation-site pretenuring: V8 allocates straight into the old generation what an
 * allocation site made that mostly outlived its young collections, and rarely learns otherwise.
 * A replica's start reads the whole registry (the registry check: an eth_getCode per address and
 * a full state read, thousands of calls in flight at once), so the sites that Node's HTTP and
 * promises share with answering a request were marked, and every answer's short-lived objects
 * went to the old generation for the rest of the process: with 500 vaults and 500 pools
 * registered, a mark-compact every 1–3 s under load, slower scavenges, and 13–46 µs more CPU per
 * kept answer on V8's helper threads (1–3 µs at 8164a8e, before the check; 1–3 µs again without
 * the check, or with this flag). BENCH_ONLY=reads BENCH_SECONDS=4 BENCH_ROUNDS=2 in one session:
 * the small cached reads at 0.44–0.67 of bare Fastify without it, 0.62–1.28 in two runs with it,
 * 8164a8e 0.66–0.99.
 *
 * The old generation grows by 1.2× what is live, not V8's 1.4×: after 60 s of the bench's mixed
 * load a replica with 1,000 + 1,000 registered holds 49 MB live (a heap snapshot), yet had 77–79 MB
 * of heap, the rest garbage its next mark-compact would free. BENCH_ONLY=memory, one session, one
 * run each: 157–161 MB RSS as before (four runs), 154 MB with 1.2× and with 1.1×, at the same CPU
 * per request (259 µs against 234–265); a 2 MB semi-space (161 MB), MALLOC_ARENA_MAX=2 (157 MB)
 * did not help, and --optimize-for-size (137 MB) doubled the CPU per request.
 *
 * An inline cache tells up to 12 shapes apart before it turns megamorphic, not V8's 4 (Node
 * refuses this flag in NODE_OPTIONS: only the command line sets it). Node's
 * socket, stream and HTTP code answers a request and also carries the sockets and streams of the
 * replica's node, PostgreSQL and Redis clients, so in a replica those functions have seen more
 * shapes than 4: V8's IC log of one under the reads' load (--log-ic, start and E1) held 245
 * megamorphic sites in node:net, node:events, node:_http_* and the streams, and 124 with a limit of
 * 8 (the ReadableState and IncomingMessage constructors, Socket._read, _writeGeneric, clearBuffer,
 * resOnFinish, setStreamTimeout among those kept polymorphic; EventEmitter's emit and addListener,
 * which see every emitter, stay megamorphic). BENCH_ONLY=reads with 1,000 + 1,000 registered, the
 * small reads (E1, P6, U2 in the first run, with E3 and P7 in the next three), replicas of the same
 * build started side by side and measured in the same turns, one session (2026-12-04): the mean of
 * their ratios to bare Fastify, run by run, was 0.824, 0.862, 0.857 and 0.840 with V8's 4 (two or
 * three replicas a run); 0.878, 0.906, 0.864 and 0.879 with 8; 0.905 and 0.926 with 12 (the last
 * two runs, two replicas each); 0.852 and 0.889 with 16 (the first and last). One replica's ratio
 * on one read still moves by up to 0.1 from its twin's.
 */
export const PRODUCTION_V8_FLAGS = [
  '--max-old-space-size=512',
  '--max-semi-space-size=4',
  '--no-allocation-site-pretenuring',
  '--heap-growing-percent=20',
  '--max-valid-polymorphic-map-count=12',
]

/**
 * A process that runs the event index (`--role refresher`, and `all`, which holds one): V8's own
 * old generation, and a 32 MB semi-space. A backfill parses and decodes thousands of logs a range,
 * two ranges ahead of the one it stores, and those outlive a small heap; a young generation twice
 * V8's own keeps a range's logs there until they are decoded and its events until they are stored,
 * where they were copied into the old one and collected again. Measured with the index's backfill
 * (BENCH_ONLY=index, against a bare read and COPY on the local node, and behind the provider's
 * limits), on PostgreSQL:
 * - the replica's sizes: its process spent 7.7 s of CPU on 500,000 logs behind the limits, where
 *   V8's own sizes spent 4.1–4.6 s, and it backfilled 57k logs/s against 73–75k;
 * - 1024 MB and a 32 MB semi-space (1,000,000 logs): 0.77 and 0.75 (RSS flat, 1.04);
 * - 2048 MB and a 32 MB semi-space (1,000,000 logs): 0.87 and 0.84, but RSS grew 1.19 from a quarter to the end;
 * - in one session, 500,000 logs: V8's own sizes 0.70–0.74 behind the limits (84–87k logs/s) in
 *   three runs; a 32 MB semi-space 0.80 (92k), RSS 299 MB at the end (0.69 of a quarter in);
 *   64 MB 0.80–0.82 (92–97k), RSS 415–450 MB (1.06–1.09); 128 MB 0.83 (99k), but RSS grew 1.22.
 * bench/indexWorker.ts runs under these flags, so the bench measures what production runs.
 *
 * No allocation-site pretenuring either, as for a replica: a refresher following a busy chain
 * makes a snapshot every block whose objects (the state's Maps, each entry's figures) live until
 * the next one, so their allocation sites were marked, and every block's short-lived objects went
 * straight to the old generation: about 1.3 MB/s of garbage there, its concurrent marking on the
 * cores the node and the refresher share, and slower scavenges (10–27 ms). BENCH_ONLY=follow, one
 * session, the same build, production's shape (Redis and PostgreSQL): p99 of a followed block 48
 * and 48 ms without it (p90 36), 63 ms with it (p90 43). The index's backfill, the same session
 * (BENCH_ONLY=index, its peers left out): 52,254 logs/s without it against 54,336 with it,
 * behind the limits 52,585 against 50,101; its RSS at most 308 MB against 339.
 *
 * `--expose-gc` gives the refresher V8's collector, with which it scavenges the young generation
 * between a chain's blocks when the next one or two would fill it (src/snapshot/YoungCollector.ts),
 * not in the middle of one. BENCH_ONLY=follow, one session, production's shape, where each
 * scavenge fell (a PerformanceObserver of V8's collections against each block's span): left to V8,
 * 19 of 26 scavenges landed in a block and 11 of the 12 slowest blocks held one (12–20 ms each),
 * p99 43 ms; with it, 2 of 32 and 2 of 33 in a block, one in the 12 slowest, p99 32 and 34 ms (a
 * first run with it, not observed, read 55). The memory shape: 41 and 34 ms against 29 and 31. It runs
 * a fifth more scavenges in all (362–474 ms of them against 296–407), at the same share of a core.
 */
export const INDEXING_V8_FLAGS = ['--max-semi-space-size=32', '--no-allocation-site-pretenuring', '--expose-gc']

/** The flags of a process of `role` (`all`, `api` or `refresher`). */
export function v8FlagsOf(role) {
  return role === 'api' ? PRODUCTION_V8_FLAGS : INDEXING_V8_FLAGS
}
