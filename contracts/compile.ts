/**
 * Compiles every contracts/src/*.sol with solc-js and writes typed `as const` artifacts
 * (abi, creation bytecode, runtime bytecode) to contracts/artifacts/, plus the Uniswap V2
 * npm build artifacts, which are copied untouched: the router hard-codes the pair's init code
 * hash, so recompiling the pair would silently break it. Public contracts that npm packages
 * publish as source (SushiSwap's MasterChef, Synthetix's StakingRewards) are compiled from
 * node_modules with the compiler their pragma names, never copied into contracts/src.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

const require = createRequire(import.meta.url)

const here = dirname(fileURLToPath(import.meta.url))
const sourceDir = join(here, 'src')
const outDir = join(here, 'artifacts')
const hashFile = join(outDir, '.hash')

const uniswapArtifacts = [
  '@uniswap/v2-core/build/UniswapV2Factory.json',
  '@uniswap/v2-core/build/UniswapV2Pair.json',
  '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  '@uniswap/v2-periphery/build/WETH9.json',
]

/**
 * A contract of an npm package compiled from its published source. `compiler` is an npm alias
 * of solc at the version the source pins (`solc-0612` = solc@0.6.12); `remappings` point the
 * source's imports at the OpenZeppelin release it was written against, installed under an alias
 * beside OpenZeppelin 5. Only the contracts named in `contracts` become artifacts.
 */
type PackageUnit = {
  compiler: string
  source: string
  contracts: string[]
  remappings: string[]
  /** Packages the source and its imports come from, its own first: their versions key the cache. */
  packages: string[]
}

const packageUnits: PackageUnit[] = [
  {
    compiler: 'solc-0612',
    source: '@sushiswap/core/contracts/MasterChef.sol',
    contracts: ['MasterChef', 'SushiToken'],
    remappings: ['@openzeppelin/contracts/=@openzeppelin/contracts-3/'],
    packages: ['@sushiswap/core', '@openzeppelin/contracts-3'],
  },
  {
    // Imports `openzeppelin-solidity-2.3.0/...`: the alias is installed under that very name.
    compiler: 'solc-0516',
    source: 'synthetix/contracts/StakingRewards.sol',
    contracts: ['StakingRewards'],
    remappings: [],
    packages: ['synthetix', 'openzeppelin-solidity-2.3.0'],
  },
]

type Artifact = { name: string; abi: unknown; bytecode: string; deployedBytecode: string }

type CompiledContract = { abi: unknown; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, CompiledContract>>
}

/** `BeefyVault` -> `beefyVault`, `WETH9` -> `weth9`: a leading acronym is lowered as a whole. */
function lowerFirst(name: string): string {
  const acronym = /^[A-Z]+(?=[A-Z][a-z]|[^A-Za-z]|$)/.exec(name)?.[0]
  if (acronym !== undefined && acronym.length > 1) return acronym.toLowerCase() + name.slice(acronym.length)
  return name.charAt(0).toLowerCase() + name.slice(1)
}

function hex(code: string): string {
  return code.startsWith('0x') ? code : `0x${code}`
}

/**
 * One solc-js run in a worker thread: the three compilers work side by side, so a full compile
 * takes about as long as the largest unit. Imports resolve from node_modules (`@openzeppelin/...`,
 * remapped paths, files of the package being compiled). Plain JavaScript, so the worker needs
 * no TypeScript loader.
 */
const solcWorker = `
const { parentPort, workerData } = require('node:worker_threads')
const { readFileSync } = require('node:fs')
const { compiler, input, root } = workerData
const resolveImport = (path) => {
  try {
    return { contents: readFileSync(require.resolve(path, { paths: [root] }), 'utf8') }
  } catch {
    return { error: 'import not found: ' + path }
  }
}
const solc = require(require.resolve(compiler, { paths: [root] }))
parentPort.postMessage(solc.compile(JSON.stringify(input), { import: resolveImport }))
`

function runSolc(compiler: string, sources: Record<string, { content: string }>, settings: Record<string, unknown>): Promise<SolcOutput> {
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      ...settings,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(solcWorker, { eval: true, workerData: { compiler, input, root: here } })
    worker.once('message', (json: string) => {
      const output = JSON.parse(json) as SolcOutput
      const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
      if (errors.length > 0) reject(new Error(errors.map((e) => e.formattedMessage).join('\n')))
      else resolve(output)
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`${compiler} worker exited with code ${code} before answering`)))
  })
}

function artifactOf(name: string, c: CompiledContract): Artifact {
  return { name, abi: c.abi, bytecode: hex(c.evm.bytecode.object), deployedBytecode: hex(c.evm.deployedBytecode.object) }
}

async function compileSources(files: string[]): Promise<Artifact[]> {
  const sources = Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(sourceDir, f), 'utf8') }]))
  const output = await runSolc('solc', sources, { evmVersion: 'cancun' })
  const artifacts: Artifact[] = []
  for (const file of files) {
    for (const [name, c] of Object.entries(output.contracts[file] ?? {})) {
      // Interfaces and abstract contracts have no bytecode: nothing to deploy, no artifact.
      if (c.evm.bytecode.object === '') continue
      artifacts.push(artifactOf(name, c))
    }
  }
  return artifacts
}

/**
 * Compiles one package's source with its own compiler. `istanbul` is the newest EVM these
 * compilers know; its code runs on every chain the devnet stands in for.
 */
async function compilePackageUnit(unit: PackageUnit): Promise<Artifact[]> {
  const sources = { [unit.source]: { content: readFileSync(require.resolve(unit.source, { paths: [here] }), 'utf8') } }
  const output = await runSolc(unit.compiler, sources, { evmVersion: 'istanbul', remappings: unit.remappings })
  const own = `${unit.packages[0]}/`
  return unit.contracts.map((name) => {
    const file = Object.keys(output.contracts).find((f) => f.startsWith(own) && output.contracts[f]?.[name])
    if (file === undefined) throw new Error(`${unit.source}: no contract ${name} under ${own}`)
    return artifactOf(name, output.contracts[file]![name]!)
  })
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`, { paths: [here] }), 'utf8')) as { version: string }).version
}

function loadUniswap(path: string): Artifact {
  const json = JSON.parse(readFileSync(require.resolve(path, { paths: [here] }), 'utf8')) as {
    abi: unknown
    bytecode: string
    evm?: { deployedBytecode?: { object?: string } }
  }
  const name = path.slice(path.lastIndexOf('/') + 1, -'.json'.length)
  return { name, abi: json.abi, bytecode: hex(json.bytecode), deployedBytecode: hex(json.evm?.deployedBytecode?.object ?? '') }
}

function render(a: Artifact): string {
  const id = lowerFirst(a.name)
  return [
    '// Generated by contracts/compile.ts. Do not edit.',
    `export const ${id}Abi = ${JSON.stringify(a.abi, null, 2)} as const`,
    `export const ${id}Bytecode = '${a.bytecode}' as const`,
    `export const ${id}DeployedBytecode = '${a.deployedBytecode}' as const`,
    '',
  ].join('\n')
}

function renderIndex(artifacts: Artifact[]): string {
  const lines = artifacts.map((a) => {
    const id = lowerFirst(a.name)
    return `export { ${id}Abi, ${id}Bytecode, ${id}DeployedBytecode } from './${a.name}.js'`
  })
  return ['// Generated by contracts/compile.ts. Do not edit.', ...lines, ''].join('\n')
}

/**
 * Keys the cache without loading any compiler: compiler and package versions from their
 * package.json (a package's sources change only with its version), our sources by content.
 */
function sourceHash(files: string[]): string {
  const h = createHash('sha256')
  h.update(readFileSync(fileURLToPath(import.meta.url)))
  for (const f of files) h.update(f).update(readFileSync(join(sourceDir, f)))
  for (const name of ['solc', ...packageUnits.flatMap((unit) => [unit.compiler, ...unit.packages])]) {
    h.update(`${name}@${packageVersion(name)}`)
  }
  return h.digest('hex')
}

/** Compiles when sources, this script, a compiler or a source package changed; otherwise leaves artifacts as they are. */
export async function compileContracts(): Promise<{ compiled: number; ms: number } | 'up-to-date'> {
  const started = performance.now()
  const files = readdirSync(sourceDir)
    .filter((f) => f.endsWith('.sol'))
    .sort()
  const hash = sourceHash(files)
  if (existsSync(hashFile) && readFileSync(hashFile, 'utf8') === hash) return 'up-to-date'

  const compiled = await Promise.all([compileSources(files), ...packageUnits.map(compilePackageUnit)])
  const artifacts = [...compiled.flat(), ...uniswapArtifacts.map(loadUniswap)]
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  for (const a of artifacts) writeFileSync(join(outDir, `${a.name}.ts`), render(a))
  writeFileSync(join(outDir, 'index.ts'), renderIndex(artifacts))
  // Written last: an interrupted run leaves no hash and recompiles next time.
  writeFileSync(hashFile, hash)
  return { compiled: artifacts.length, ms: Math.round(performance.now() - started) }
}

const result = await compileContracts()
console.log(result === 'up-to-date' ? 'artifacts up to date' : `compiled ${result.compiled} contracts in ${result.ms} ms`)
