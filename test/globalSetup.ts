import type { TestProject } from 'vitest/node'
import { type DevnetManifest, startDevnet } from '../src/devnet/index.js'

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: DevnetManifest
  }
}

/** Starts one devnet for the whole test run and hands its manifest to every test file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A block every 10 minutes in the last day of past: every test file adds blocks to these chains, so
  // their figures are checked on chains of their own (devnetFigures.test.ts), and a sparser day starts faster.
  const devnet = await startDevnet({ manifestPath: '.devnet/test-manifest.json', lastDayBlockSeconds: 600 })
  project.provide('devnet', devnet.manifest)
  return () => devnet.stop()
}
