/**
 * A new block's cost on a busy chain: chain 56 of the bench's devnet with `registered` vaults and
 * reward pools, mining a block every 0.45 s (BNB Smart Chain's cadence) with TOUCHED of them named
 * by a transaction in each, and a refresher taking a snapshot of every block as soon as it is
 * mined. Per block: the refresher's wall time, its node round trips and the time it waited on
 * the node (its client's own timing of each request, RpcObserver: a proxy in the path added its
 * own hop to every round trip), and its CPU; over the run,
 * the refresher process's CPU as a share of one core (its work after refresh() returns and the
 * bench's own transactions included). The refresher is the compiled build's, in a process
 * of its own under a refresher's production V8 flags (followedRefresher.ts); its time is what each
 * refresh() takes there. With `stores`, it also publishes each snapshot to Redis and keeps it in
 * PostgreSQL, as production's refresher does.
 */
import { fork } from 'node:child_process'
import { join } from 'node:path'
import type { DevnetManifest } from '../src/devnet/index.js'
import type { ExtraContracts } from '../test/scaledRegistry.js'
import { v8FlagsOf } from '../scripts/productionV8Flags.mjs'
import { CHAIN, TOUCHED, type FollowCosts, type FollowInput } from './followedRefresher.js'
import { median, quantileOf, type Row } from './load.js'
import { profileFlags } from './processes.js'

/** Followed blocks not counted: the first ones JIT-compile the path of a followed block. */
const WARM_UP_BLOCKS = 10

/** The row of a `registered` + `registered` registry followed for `seconds` of 0.45 s blocks. */
export async function benchFollowedBlocks(
  manifest: DevnetManifest,
  extra: ExtraContracts,
  registered: number,
  seconds: number,
  stores?: FollowInput['stores'],
): Promise<Row> {
  const child = fork(join(import.meta.dirname, 'followedRefresher.ts'), {
    execArgv: [...v8FlagsOf('refresher'), '--import', 'tsx', ...profileFlags()],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const measured = await new Promise<FollowCosts>((resolve, reject) => {
    child.once('message', (costs: FollowCosts) => resolve(costs))
    child.once('exit', (code) => reject(new Error(`the followed refresher exited with ${code}`)))
    child.send({ manifest, extra, registered, seconds, ...(stores && { stores }) } satisfies FollowInput)
  })
  const costs = measured.costs.slice(WARM_UP_BLOCKS)
  const p99 = (values: number[]) =>
    quantileOf(
      values.sort((a, b) => a - b),
      0.99,
    )
  const msP99 = p99(costs.map((cost) => cost.ms))
  const tripsP99 = p99(costs.map((cost) => cost.trips))
  const medianMs = median(costs.map((cost) => cost.ms))
  const core = measured.cpuMicros / 1000 / measured.elapsedMs
  // What the slowest blocks were made of: waiting on the node, and the refresher's own CPU.
  const [nodeP99, nodeMedian] = [p99(costs.map((cost) => cost.nodeMs)), median(costs.map((cost) => cost.nodeMs))]
  const [cpuP99, cpuMedian] = [p99(costs.map((cost) => cost.cpu)), median(costs.map((cost) => cost.cpu))]
  return {
    figure: `a new block's snapshot with ${registered} vaults + ${registered} reward pools (chain ${CHAIN}), a block every 0.45 s, ${TOUCHED} of them touched in each${stores ? ', published to Redis and kept in PostgreSQL (a minute apart) as in production' : ''} (p99 of ${costs.length} blocks after ${WARM_UP_BLOCKS})`,
    value: `${msP99.toFixed(0)} ms (median ${medianMs.toFixed(0)} ms), ${tripsP99} round trips; the refresher ${(core * 100).toFixed(1)} % of a core`,
    ceiling: '— (a budget: a tenth of the block time)',
    ratio: '—',
    target: '≤ 50 ms and ≤ 2 round trips (p99), < 20 % of a core',
    met: msP99 <= 50 && tripsP99 <= 2 && core < 0.2,
    limit: `${msP99.toFixed(0)} ms, ${tripsP99} round trips, ${(core * 100).toFixed(1)} % of a core; per block, waiting on the node p99 ${nodeP99.toFixed(0)} ms (median ${nodeMedian.toFixed(0)}), the refresher's CPU p99 ${cpuP99.toFixed(0)} ms (median ${cpuMedian.toFixed(0)}), on two cores the node, the refresher and the bench share`,
  }
}
