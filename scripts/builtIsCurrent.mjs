// Whether the JavaScript `npm run build` compiled is the sources' own: `npm start` and `npm run
// registry` run it then (start.mjs, runRegistry.mjs), and so do the tests' service processes
// (test/processes.ts), instead of the sources through tsx, whose loading costs a process 1–3 s of
// CPU. Paths are the working directory's: the repository root, as npm runs scripts.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The service's entry in the build: tsc's dist/src/main.js bundled into one file (bundleService.mjs). */
export const BUILT = 'dist/service/main.js'

/** The registry's commands (scripts/registry.ts) in the build. */
export const REGISTRY_BUILT = 'dist/scripts/registry.js'

/** Whether `npm run build` (its stamp, dist/.built, and both entries) is newer than every source the build and the page come from. */
export function builtIsCurrent() {
  const stamp = 'dist/.built'
  if (![stamp, BUILT, REGISTRY_BUILT].every((path) => existsSync(path))) return false
  const builtAt = statSync(stamp).mtimeMs
  const newer = (path) => {
    const stat = statSync(path)
    if (!stat.isDirectory()) return stat.mtimeMs > builtAt
    return readdirSync(path).some((name) => name !== 'dist' && name !== 'node_modules' && newer(join(path, name)))
  }
  const sources = ['src', 'contracts/src', 'web', 'scripts/registry.ts', 'scripts/registry', 'package.json', 'tsconfig.json', 'tsconfig.build.json']
  return !sources.some((path) => existsSync(path) && newer(path))
}
