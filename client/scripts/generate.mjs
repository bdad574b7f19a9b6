#!/usr/bin/env node
// Writes src/openapi.generated.ts, the types of the API, from its OpenAPI document:
//   node scripts/generate.mjs [url-or-file]   (default http://127.0.0.1:8080/openapi.json)
// openapi-typescript needs the classic TypeScript compiler API, which TypeScript 7 (the native
// port the service compiles with) no longer has: this package keeps its own typescript@5 for it.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'

const OUTPUT = fileURLToPath(new URL('../src/openapi.generated.ts', import.meta.url))

const HEADER = `/**
 * Types of the DeFi vault API, generated from its OpenAPI document by scripts/generate.mjs.
 * Do not edit: regenerate with \`npx vitest run client/test -u\` (the service's own document, as
 * \`npm test\` checks it) or \`npm run generate -w client\` while \`npm start\` runs.
 */

`

/** `0x${string}`: what viem calls an Address or Hex. */
const HEX_TYPE = ts.factory.createTemplateLiteralType(ts.factory.createTemplateHead('0x'), [
  ts.factory.createTemplateLiteralTypeSpan(ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword), ts.factory.createTemplateTail('')),
])

/**
 * The TypeScript source of the types of `document`. Examples are left out (with the devnet they
 * name its contracts and ports, which say nothing of the types); a string whose pattern starts
 * with `^0x` (addresses, call data) is typed `0x${string}`, so it goes to viem without a cast.
 * @param {object} document the OpenAPI 3.1 document
 * @returns {Promise<string>}
 */
export async function generateTypes(document) {
  const withoutExamples = JSON.parse(JSON.stringify(document), (key, value) => (key === 'example' || key === 'examples' ? undefined : value))
  const nodes = await openapiTS(withoutExamples, {
    silent: true,
    alphabetize: true,
    transform: (schema) => (schema.type === 'string' && typeof schema.pattern === 'string' && schema.pattern.startsWith('^0x') ? HEX_TYPE : undefined),
  })
  return HEADER + astToString(nodes)
}

/** The document at a URL or in a file. */
async function load(source) {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source)
    if (!response.ok) throw new Error(`${source} answered ${response.status}`)
    return response.json()
  }
  return JSON.parse(await readFile(source, 'utf8'))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = process.argv[2] ?? 'http://127.0.0.1:8080/openapi.json'
  await writeFile(OUTPUT, await generateTypes(await load(source)))
  process.stdout.write(`wrote ${OUTPUT} from ${source}\n`)
}
