// `npm run registry -- <check|discover> ...`: the registry's commands (registry.ts) as the build
// has them while it is current (builtIsCurrent.mjs), in this process, whose arguments are theirs;
// else the sources through tsx.
import { spawn } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { builtIsCurrent, REGISTRY_BUILT } from './builtIsCurrent.mjs'

if (builtIsCurrent()) await import(pathToFileURL(REGISTRY_BUILT).href)
else {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/registry.ts', ...process.argv.slice(2)], { stdio: 'inherit' })
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
