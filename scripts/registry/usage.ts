/** A command line the registry commands cannot run: the message says what to change (exit 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

export const USAGE = `usage:
  npm run registry -- check --registry <file> [--rpc <chainId>=<url> ...]
  npm run registry -- discover --chain <id> --rpc <url> [--vaults <a,b,...>] [--pools <a,b,...>] [--tokens <a,b,...>]
                               [--feeds <file>] [--factory <address> ...] [--from <file>] [--out <file>]`
