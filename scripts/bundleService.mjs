// The service as one file (`npm run build`, after tsc): dist/src/main.js and what it imports, bar
// the packages below, bundled by esbuild into dist/service/main.js, which every start of the
// build runs (start.mjs, the tests' service processes). Loaded as tsc's 1,185 ES modules (viem's
// 344 and typebox's 373 of them), an api replica keeps each one's record, scope and source: after
// the bench's mixed load it measured 149 MB, against 138-141 MB as one file (BENCH_ONLY=memory,
// 2026-12-02), under a budget of 150.
// Whitespace and comments go, so the source V8 keeps is a third smaller and pure ASCII (one
// non-ASCII character in a comment makes V8 keep the whole source at two bytes a character).
// Identifiers are not minified, so a stack names functions as the sources do (a top-level name two
// modules share gets a number: parse2); esbuild's keepNames is off, as it wraps each of 5,305
// functions in a __name() call that runs whenever the function is made, closures a build makes on
// every call among them. The source map beside it maps each line back to src/
// (NODE_OPTIONS=--enable-source-maps reads it).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { build } from 'esbuild'
import { BUILT } from './builtIsCurrent.mjs'

/**
 * Packages left to Node's own loading: those that read files beside their modules (PGlite's WASM
 * and image, the Swagger UI's assets and the swagger plugin's package.json), pino (its transports
 * start worker threads on files of its own) and pg's optional native binding.
 */
const EXTERNAL = ['@electric-sql/pglite', '@fastify/swagger', '@fastify/swagger-ui', 'pino', 'pino-pretty', 'pg-native']

const { outputFiles } = await build({
  entryPoints: ['dist/src/main.js'],
  outfile: BUILT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  minifyWhitespace: true,
  charset: 'ascii',
  legalComments: 'linked',
  sourcemap: 'linked',
  // The CommonJS packages bundled ask for `require` and `__dirname` (ioredis trims its stacks with it), which a module lacks.
  banner: {
    js: [
      "import { createRequire as __serviceRequire } from 'node:module'",
      "import { fileURLToPath as __servicePath } from 'node:url'",
      'const require = __serviceRequire(import.meta.url)',
      'const __serviceFile = __servicePath(import.meta.url)',
      "const __serviceDir = __servicePath(new URL('.', import.meta.url))",
    ].join(';'),
  },
  define: { __filename: '__serviceFile', __dirname: '__serviceDir' },
  logLevel: 'warning',
  write: false,
})

// Each file written beside its place and renamed into it: a service starting meanwhile runs the old bundle or the new one, never half of one.
mkdirSync(dirname(BUILT), { recursive: true })
for (const file of outputFiles) {
  const into = `${dirname(BUILT)}/${basename(file.path)}`
  writeFileSync(`${into}.${process.pid}.tmp`, file.contents)
  renameSync(`${into}.${process.pid}.tmp`, into)
}
