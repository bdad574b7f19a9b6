import type { TestProject } from 'vitest/node'
import { type DevnetManifest, startDevnet } from '../src/devnet/index.js'

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: DevnetManifest
  }
}

/** Starts one devnet for the whole test run and hands its manifest to every test file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const devnet = await startDevnet({ manifestPath: '.devnet/test-manifest.json' })
  project.provide('devnet', devnet.manifest)
  return () => devnet.stop()
}
