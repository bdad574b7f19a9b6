import type { TestProject } from 'vitest/node'
import { type DevnetManifest, startDevnet } from '../src/devnet/index.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One devnet per worker slot: the test files running at one time never share a chain. */
    devnets: DevnetManifest[]
  }
}

/**
 * Starts a devnet for each worker slot of the run (vitest's VITEST_POOL_ID, 1 to maxWorkers) and
 * hands their manifests to every test file. Files running side by side then never add blocks to
 * each other's chains: anvil answers a read at the head with the next block's state while that
 * block is being mined (its number beside that state), so a figure checked against the chain at
 * the answer's block would otherwise depend on what another file was sending.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const slots = project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 1
  // A block every 10 minutes in the last day of past: every test file adds blocks to these chains, so
  // their figures are checked on chains of their own (devnetFigures.test.ts), and a sparser day starts faster.
  const started = await Promise.allSettled(
    Array.from({ length: slots }, (_, index) => startDevnet({ manifestPath: `.devnet/test-manifest-${index + 1}.json`, lastDayBlockSeconds: 600 })),
  )
  const devnets = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => void (await Promise.all(devnets.map((devnet) => devnet.stop())))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  project.provide(
    'devnets',
    devnets.map((devnet) => devnet.manifest),
  )
  return stop
}
