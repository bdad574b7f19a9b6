import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
/** The longest a source or test file may grow: past it, a file holds more than one thing. */
const MAX_LINES = 300
/** Written by a generator, never by hand. */
const GENERATED = new Set(['client/src/openapi.generated.ts'])

describe('the house', () => {
  it(`keeps every source and test file at ${MAX_LINES} lines or fewer`, () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.mjs', '*.sol'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((path) => path && !GENERATED.has(path))
    expect(files.length).toBeGreaterThan(100)
    const long = files
      .map((path) => ({ path, lines: readFileSync(resolve(ROOT, path), 'utf8').split('\n').length - 1 }))
      .filter((file) => file.lines > MAX_LINES)
      .map((file) => `${file.path}: ${file.lines} lines`)
    expect(long).toEqual([])
  })

  it('names every room of src/ in the architecture guide, and no room that is gone', () => {
    const guide = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8')
    const rooms = readdirSync(resolve(ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/${entry.name}/`)
    expect(rooms.filter((room) => !guide.includes(room))).toEqual([])
    const named = [...guide.matchAll(/^(src\/[a-z-]+\/)/gm)].map((match) => match[1]!)
    expect(named.filter((room) => !rooms.includes(room))).toEqual([])
  })
})
