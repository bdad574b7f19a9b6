// Builds the page served at `/` (web/): one minified script and one stylesheet with esbuild, and
// the HTML beside them, into web/dist/. Fails when the assets pass their budget of 300 KB gzipped.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const OUT = 'web/dist'
const BUDGET_BYTES = 300 * 1024

mkdirSync(OUT, { recursive: true })
await build({
  entryPoints: { app: 'web/src/main.ts' },
  outdir: OUT,
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  logLevel: 'warning',
})
copyFileSync('web/index.html', `${OUT}/index.html`)
const sizes = ['index.html', 'app.js', 'app.css'].map((file) => gzipSync(readFileSync(`${OUT}/${file}`)).length)
const total = sizes.reduce((sum, size) => sum + size, 0)
if (total > BUDGET_BYTES) {
  console.error(`web: ${(total / 1024).toFixed(1)} KB gzipped, over the ${BUDGET_BYTES / 1024} KB budget`)
  process.exit(1)
}
console.log(`web: built ${OUT} (${(total / 1024).toFixed(1)} KB gzipped)`)
