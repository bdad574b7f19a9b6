// `npm start`: with NODE_ENV=production, the JavaScript `npm run build` compiled once (no
// TypeScript at run time, a smaller process) under the production V8 flags. Otherwise the same
// JavaScript while the build is newer than every source it came from (`npm install` builds it: a
// start then loads in about half the time), else the sources through tsx, the contracts compiled
// first if they changed and the page at `/` built (the path of a checkout being worked on).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { BUILT, builtIsCurrent } from './builtIsCurrent.mjs'
import { runNodeChild } from './nodeChild.mjs'
import { v8FlagsOf } from './productionV8Flags.mjs'

const production = process.env.NODE_ENV === 'production'
if (production && !existsSync(BUILT)) {
  process.stderr.write(`start error: NODE_ENV=production runs ${BUILT}; run \`npm run build\` first\n`)
  process.exit(1)
}
const runBuilt = production || builtIsCurrent()
if (!runBuilt) {
  const compiled = spawnSync(process.execPath, ['--import', 'tsx', 'contracts/compile.ts'], { stdio: 'inherit' })
  if (compiled.status !== 0) process.exit(compiled.status ?? 1)
  const page = spawnSync(process.execPath, ['scripts/buildWeb.mjs'], { stdio: 'inherit' })
  if (page.status !== 0) process.exit(page.status ?? 1)
}
if (runBuilt && !production) {
  // The build without V8 flags to set: in this process (its argv is the service's), one Node start fewer.
  await import(pathToFileURL(BUILT).href)
} else {
  const chosen = process.env.NODE_OPTIONS ?? ''
  // A flag already in NODE_OPTIONS wins over ours.
  const flags = v8FlagsOf(roleOf(process.argv.slice(2))).filter((flag) => !chosen.includes(flag.split('=')[0]))
  const args = production ? [...flags, BUILT, ...process.argv.slice(2)] : ['--import', 'tsx', 'src/main.ts', ...process.argv.slice(2)]
  runNodeChild(args)
}

/** The role the service will take, as its config reads it: `--role`, else ROLE, else CONFIG_FILE's `role`, else `all`. */
function roleOf(argv) {
  const at = argv.indexOf('--role')
  if (at >= 0 && argv[at + 1]) return argv[at + 1]
  if (process.env.ROLE) return process.env.ROLE
  try {
    return JSON.parse(readFileSync(process.env.CONFIG_FILE, 'utf8')).role ?? 'all'
  } catch {
    // No config file, or one the service will refuse with its own message.
    return 'all'
  }
}
