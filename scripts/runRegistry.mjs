// `npm run registry -- <check|discover> ...`: the registry's commands (registry.ts) as the build
// has them while it is current (builtIsCurrent.mjs), in this process, whose arguments are theirs;
// else the sources through tsx.
import { pathToFileURL } from 'node:url'
import { builtIsCurrent, REGISTRY_BUILT } from './builtIsCurrent.mjs'
import { runNodeChild } from './nodeChild.mjs'

if (builtIsCurrent()) await import(pathToFileURL(REGISTRY_BUILT).href)
else runNodeChild(['--import', 'tsx', 'scripts/registry.ts', ...process.argv.slice(2)])
