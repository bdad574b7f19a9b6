// `npm start`: with NODE_ENV=production, the JavaScript `npm run build` compiled once (no
// TypeScript at run time, a smaller process) under the production V8 flags; otherwise the sources
// through tsx, the contracts compiled first if they changed and the page at `/` built (the devnet path of
// `npm install && npm start`).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { PRODUCTION_V8_FLAGS } from './productionV8Flags.mjs'

const production = process.env.NODE_ENV === 'production'
const built = 'dist/src/main.js'
if (production && !existsSync(built)) {
  process.stderr.write(`start error: NODE_ENV=production runs ${built}; run \`npm run build\` first\n`)
  process.exit(1)
}
if (!production) {
  const compiled = spawnSync(process.execPath, ['--import', 'tsx', 'contracts/compile.ts'], { stdio: 'inherit' })
  if (compiled.status !== 0) process.exit(compiled.status ?? 1)
  const page = spawnSync(process.execPath, ['scripts/buildWeb.mjs'], { stdio: 'inherit' })
  if (page.status !== 0) process.exit(page.status ?? 1)
}
const chosen = process.env.NODE_OPTIONS ?? ''
// A flag already in NODE_OPTIONS wins over ours.
const flags = PRODUCTION_V8_FLAGS.filter((flag) => !chosen.includes(flag.split('=')[0]))
const args = production ? [...flags, built, ...process.argv.slice(2)] : ['--import', 'tsx', 'src/main.ts', ...process.argv.slice(2)]
const child = spawn(process.execPath, args, { stdio: 'inherit' })
// The service handles SIGINT/SIGTERM itself; pass them on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
