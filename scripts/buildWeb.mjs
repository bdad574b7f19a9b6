// Builds the page served at `/` (web/): one minified script and one stylesheet with esbuild, and
// the HTML and the icon beside them, into web/dist/. Fails when the assets pass their budget of 300 KB gzipped.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const OUT = 'web/dist'
const BUDGET_BYTES = 300 * 1024

/**
 * Each file is written beside its place and renamed into it: a service starting meanwhile (a test
 * file beside the one that builds, a dev server) reads the old page or the new one, never half of one.
 */
function put(name, contents) {
  const into = `${OUT}/${name}`
  writeFileSync(`${into}.${process.pid}.tmp`, contents)
  renameSync(`${into}.${process.pid}.tmp`, into)
}

mkdirSync(OUT, { recursive: true })
const { outputFiles } = await build({
  entryPoints: { app: 'web/src/main.ts' },
  outdir: OUT,
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  logLevel: 'warning',
  write: false,
})
for (const file of outputFiles) put(basename(file.path), file.contents)
put('index.html', readFileSync('web/index.html'))
put('favicon.svg', readFileSync('web/favicon.svg'))
const sizes = ['index.html', 'app.js', 'app.css', 'favicon.svg'].map((file) => gzipSync(readFileSync(`${OUT}/${file}`)).length)
const total = sizes.reduce((sum, size) => sum + size, 0)
if (total > BUDGET_BYTES) {
  console.error(`web: ${(total / 1024).toFixed(1)} KB gzipped, over the ${BUDGET_BYTES / 1024} KB budget`)
  process.exit(1)
}
console.log(`web: built ${OUT} (${(total / 1024).toFixed(1)} KB gzipped)`)
