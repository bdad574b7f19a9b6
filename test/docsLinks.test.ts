import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
/** The README, the client's, and every guide. */
const DOCUMENTS = ['README.md', 'client/README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`)].filter((path) => path.endsWith('.md'))

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a markdown file's headings (outside code blocks), numbered as GitHub numbers repeats. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let inCode = false
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode
    const heading = !inCode && /^#{1,6} (.+)$/.exec(line)
    if (!heading) continue
    const anchor = anchorOf(heading[1]!)
    const count = seen.get(anchor) ?? 0
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`)
    seen.set(anchor, count + 1)
  }
  return anchors
}

/** Every relative link of a markdown text (outside code blocks): its target as written. */
function linksOf(text: string): string[] {
  const links: string[] = []
  let inCode = false
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode
    if (inCode) continue
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) links.push(match[1]!)
  }
  return links.filter((target) => !/^[a-z]+:/.test(target))
}

describe('the README and the guides', () => {
  it('keep the README under 200 lines and each guide under 400', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200)
    for (const path of DOCUMENTS.filter((document) => document.startsWith('docs/')))
      expect(readFileSync(join(ROOT, path), 'utf8').split('\n').length, path).toBeLessThan(400)
  })

  it('link only to files that exist and to headings they have', () => {
    const broken: string[] = []
    for (const path of DOCUMENTS) {
      const text = readFileSync(join(ROOT, path), 'utf8')
      for (const link of linksOf(text)) {
        const [file, anchor] = link.split('#') as [string, string | undefined]
        const target = file === '' ? join(ROOT, path) : resolve(dirname(join(ROOT, path)), file)
        if (!existsSync(target)) broken.push(`${path}: ${link} (no file ${relative(ROOT, target)})`)
        else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor))
          broken.push(`${path}: ${link} (no heading #${anchor} in ${relative(ROOT, target)})`)
      }
    }
    expect(broken).toEqual([])
  })

  it('are each found from the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    for (const path of DOCUMENTS.filter((document) => document.startsWith('docs/'))) expect(readme, path).toContain(`](${path})`)
  })
})
