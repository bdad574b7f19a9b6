import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RegistrySchema } from '../src/registry/index.js'
import { devnetChain } from './devnet.js'
import { indexedDevnetService, type StoredDevnetService } from './storedDevnetService.js'

const ROOT = resolve(import.meta.dirname, '..')
const CHAIN = 56
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

/** Every fenced `json` and `jsonc` block of the README and the guides, with the `<!-- example: … -->` line above it, if any. */
function jsonExamples(): { where: string; kind: 'json' | 'jsonc'; request?: string; text: string }[] {
  return DOCUMENTS.flatMap((path) =>
    [...readFileSync(join(ROOT, path), 'utf8').matchAll(/(?:<!-- example: (.+?) -->\n)?```(jsonc?)\n([\s\S]*?)```/g)].map((match) => ({
      where: `${path}: ${match[3]!.slice(0, 40).replace(/\s+/g, ' ')}…`,
      kind: match[2] as 'json' | 'jsonc',
      ...(match[1] && { request: match[1] }),
      text: match[3]!,
    })),
  )
}

/**
 * Where the example's shape differs from the answer's: a key the answer lacks, a type that
 * differs. A key shown as `0x…` stands for some key of the answer's; an array's shown element matches some element
 * of the answer's; `null` on either side matches anything.
 */
function shapeDifferences(shown: unknown, answer: unknown, path = '$'): string[] {
  if (shown === null || answer === null) return []
  if (Array.isArray(shown)) {
    if (!Array.isArray(answer)) return [`${path}: an array shown, ${typeof answer} answered`]
    if (answer.length === 0) return []
    return shown.flatMap((element, index) => {
      const each = answer.map((candidate) => shapeDifferences(element, candidate, `${path}[${index}]`))
      return each.some((differences) => differences.length === 0) ? [] : each[0]!
    })
  }
  if (typeof shown === 'object') {
    if (typeof answer !== 'object' || Array.isArray(answer)) return [`${path}: an object shown, ${JSON.stringify(answer).slice(0, 60)} answered`]
    const entries = Object.entries(answer as object)
    return Object.entries(shown as object).flatMap(([key, value]) => {
      if (key.startsWith('0x…')) {
        const each = entries.map(([, candidate]) => shapeDifferences(value, candidate, `${path}.${key}`))
        return each.length === 0 || each.some((differences) => differences.length === 0) ? [] : each[0]!
      }
      return key in (answer as object)
        ? shapeDifferences(value, (answer as Record<string, unknown>)[key], `${path}.${key}`)
        : [`${path}.${key}: not in the answer`]
    })
  }
  return typeof shown === typeof answer ? [] : [`${path}: ${typeof shown} shown, ${typeof answer} answered`]
}

type Schema = { properties?: Record<string, Schema>; patternProperties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; type?: string }

/** The keys of `value` its JSON schema does not name (registry entries are strict: an unknown key is refused at start). */
function unknownKeys(schema: Schema, value: unknown, path = '$'): string[] {
  if (schema.anyOf) {
    const each = schema.anyOf.map((branch) => unknownKeys(branch, value, path))
    return each.find((keys) => keys.length === 0) ?? each[0]!
  }
  if (Array.isArray(value)) return schema.items ? value.flatMap((element, index) => unknownKeys(schema.items!, element, `${path}[${index}]`)) : []
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => {
    const named = schema.properties?.[key] ?? Object.values(schema.patternProperties ?? {})[0]
    return named ? unknownKeys(named, child, `${path}.${key}`) : [`${path}.${key}`]
  })
}

/** A `jsonc` text as JSON: its comments dropped (a `//` after a space or at a line's start, `/* … *\/`). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '')

describe('the JSON examples of the README and the guides', () => {
  let stored: StoredDevnetService
  beforeAll(async () => {
    stored = await indexedDevnetService(CHAIN)
    await stored.service.refresher.refresh(CHAIN)
  })
  afterAll(() => stored?.close())

  it('each answer shown has the shape the devnet answers its request with, and each registry sample names only keys the registry takes', async () => {
    const chain = devnetChain(CHAIN)
    const zapVault = chain.vaults.find((vault) => vault.zap)!
    const harvested = chain.vaults.find((vault) => vault.strategy)!
    const names: Record<string, string> = {
      vault: harvested.address,
      zapVault: zapVault.address,
      zap: zapVault.zap!,
      user: chain.accounts[2]!.address,
      owner: chain.accounts[0]!.address,
    }
    const examples = jsonExamples()
    expect(examples.length).toBeGreaterThanOrEqual(9)
    for (const example of examples) {
      if (example.kind === 'jsonc') {
        expect(unknownKeys(RegistrySchema as Schema, JSON.parse(withoutComments(example.text))), example.where).toEqual([])
        continue
      }
      expect(example.request, `${example.where} names the request it answers (<!-- example: METHOD PATH [BODY] -->)`).toBeDefined()
      const [method, path, ...body] = example.request!.replace(/\{(\w+)\}/g, (_, name: string) => names[name]!).split(' ')
      const answer = await stored.service.app.inject({
        method: method as 'GET' | 'POST',
        url: path!,
        ...(body.length > 0 && { payload: JSON.parse(body.join(' ')) }),
      })
      expect(answer.statusCode, `${example.where}: ${answer.body.slice(0, 300)}`).toBeLessThan(500)
      expect(shapeDifferences(JSON.parse(example.text), answer.json()), example.where).toEqual([])
    }
  })
})
