// `npm run registry -- <check|discover> ...`: the registry's commands (scripts/registry/*.ts).
// Exit 0: done; 1: errors in the registry, or entries discovery could not resolve; 2: bad usage,
// or a setting it cannot use (an RPC URL whose node answers for another chain, or does not answer).
import { HttpRequestError, TimeoutError } from 'viem'
import { WrongChain } from '../src/chain/index.js'
import { ConfigError } from '../src/config/index.js'
import { RegistryError } from '../src/registry/index.js'
import { check } from './registry/check.js'
import { discover } from './registry/discover.js'
import { USAGE, UsageError } from './registry/usage.js'

const [command, ...args] = process.argv.slice(2)
const commands: Record<string, (args: string[]) => Promise<number>> = { check, discover }
try {
  const run = commands[command ?? '']
  if (!run) throw new UsageError(command ? `unknown command ${command}` : 'no command')
  process.exit(await run(args))
} catch (error) {
  // A command line it cannot run is answered with the usage; a registry or setting it cannot use, with its message alone.
  const badUsage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true
  const silent = unanswered(error)
  if (!badUsage && !silent && !(error instanceof ConfigError || error instanceof RegistryError || error instanceof WrongChain)) throw error
  process.stderr.write(`${silent ?? (error as Error).message}\n${badUsage ? `${USAGE}\n` : ''}`)
  process.exit(2)
}

/** A node that did not answer, or answered with an HTTP error, in one line: its URL's origin (a path or query often carries a key) and why. */
function unanswered(error: unknown): string | undefined {
  if (!(error instanceof HttpRequestError || error instanceof TimeoutError)) return undefined
  let origin = error.url
  try {
    origin = new URL(error.url).origin
  } catch {
    // Not a URL (a pool's own deadline names its chain): as it is.
  }
  const why = error.details.split('\n')[0]
  const status = error instanceof HttpRequestError && error.status ? `answered HTTP ${error.status}` : 'did not answer'
  return `node error: ${origin} ${status} (${why}); check --rpc or RPC_URLS_<id>`
}
