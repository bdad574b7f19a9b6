/**
 * V8's heap sizes for a replica (measured with `BENCH_ONLY=memory npm run bench`). Left alone, V8
 * sizes the heap for the machine: on 24 GB it lets the old generation grow to 4× what is live
 * before collecting, and the young one to 2 × 16 MB, so an api replica with about 40 MB live grew
 * to 150–270 MB under load. A heap limit under 2 GB makes V8 grow it by about 1.4× instead, and a
 * 4 MB semi-space keeps the young generation small: about 125 MB, for about 4 % more CPU per
 * request (more frequent scavenges). 512 MB is a ceiling far above what a replica holds. The
 * smaller heap is collected during start-up, which turns process.nextTick slow for good unless
 * main() holds its shapes (src/keepTickShapes.ts, whose test starts its route with these flags).
 * A module of its own so start.mjs, which runs when imported, is not the only place they live.
 */
export const PRODUCTION_V8_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=4']
