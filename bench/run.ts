/**
 * `npm run bench`: the service as production runs it (the compiled build, an api replica and a
 * refresher over PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set) over a fresh devnet,
 * load from outside its process, and every figure beside a ceiling measured in the same run:
 * aggregate reads against a bare Fastify route sending the same bytes; allowance-given builds
 * against the node's own eth_estimateGas; the replica's memory against its target. Then node round
 * trips per endpoint and build latency with 50 ms per round trip (nodeCost.ts). Measures, never
 * gates. BENCH_SECONDS (default 5) per case; BENCH_MEMORY_SECONDS (default 60).
 */
import { startDevnet } from '../src/devnet/index.js'
import { benchAggregateReads, waitForSnapshots } from './aggregateReads.js'
import { benchBuilds } from './builds.js'
import { printTable, type Row } from './load.js'
import { benchNodeCost } from './nodeCost.js'
import { benchReplicaMemory } from './replicaMemory.js'
import { deploy } from './topology.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60)

const startedAt = Date.now()
const devnet = await startDevnet({ manifestPath: '.devnet/bench-manifest.json' })
try {
  const deployment = await deploy(devnet.manifest)
  try {
    await waitForSnapshots(deployment.api.url)
    console.log(`service: ${deployment.shape}; load from the bench process (autocannon); ${SECONDS} s per case\n`)
    const rows: Row[] = [
      ...(await benchAggregateReads(deployment.api.url, devnet.manifest, SECONDS, 50)),
      ...(await benchBuilds(deployment.api.url, devnet.manifest, SECONDS, 16)),
      await benchReplicaMemory(deployment.api, devnet.manifest, MEMORY_SECONDS, deployment.shape),
    ]
    printTable(rows)
  } finally {
    await deployment.stop()
  }
  await benchNodeCost(devnet.manifest)
} finally {
  await devnet.stop()
}
console.log(`\nbench took ${((Date.now() - startedAt) / 1000).toFixed(0)} s`)
