import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let found: string | undefined

/**
 * The folder of the service's package.json, found up from this module: the same from the sources
 * (tsx), from tsc's files in dist/src/ and from the bundle in dist/service/, whose depths differ.
 * The page (web/dist), the guides (docs/), the version and the devnet's sources are found from it.
 */
export function packageRoot(): string {
  if (found) return found
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    if (dir === dirname(dir)) throw new Error(`package.json not found above ${fileURLToPath(import.meta.url)}`)
    dir = dirname(dir)
  }
  found = dir
  return dir
}
