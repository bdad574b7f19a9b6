// `npm run registry -- <check|discover> ...`: the registry's commands (scripts/registry/*.ts).
// Exit 0: done; 1: errors in the registry, or entries discovery could not resolve; 2: bad usage,
// or a setting it cannot use (an RPC URL whose node answers for another chain among them).
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
  if (!badUsage && !(error instanceof ConfigError || error instanceof RegistryError || error instanceof WrongChain)) throw error
  process.stderr.write(`${(error as Error).message}\n${badUsage ? `${USAGE}\n` : ''}`)
  process.exit(2)
}
