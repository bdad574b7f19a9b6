import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/api/index.js'
import { testApp } from './app.js'
import { devnetChain } from './devnet.js'

const ROOT = resolve(import.meta.dirname, '..')
const run = promisify(execFile)

/**
 * The shell examples a reader can paste as they are: fenced `sh` blocks that start by naming the
 * API (`API=http://127.0.0.1:8080`). Others (a registry sample with `0x…`, an install line) show a
 * shape and are not run.
 */
function runnableExamples(): { where: string; script: string }[] {
  const documents = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ]
  const examples: { where: string; script: string }[] = []
  for (const path of documents) {
    for (const match of readFileSync(join(ROOT, path), 'utf8').matchAll(/```sh\n(API=http:\/\/127\.0\.0\.1:8080\n[\s\S]*?)```/g))
      examples.push({ where: path, script: match[1]! })
  }
  return examples
}

describe('the shell examples of the README and the guides', () => {
  let app: App
  let base: string
  beforeAll(async () => {
    app = await testApp()
    base = await app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => app?.close())

  it('run against the devnet as written (the API at its address), and the README deposit answers the descriptor it describes', async () => {
    const examples = runnableExamples()
    expect(examples.map((example) => example.where)).toContain('README.md')
    for (const { where, script } of examples) {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script.replace('API=http://127.0.0.1:8080', `API=${base}`)], { cwd: ROOT })
      const answer = JSON.parse(stdout) as Record<string, unknown>
      expect(answer.code, `${where}: ${stdout}`).toBeUndefined()
      if (where === 'README.md') {
        const chain = devnetChain(56)
        expect(answer).toMatchObject({ to: chain.vaults[0]!.address, from: chain.accounts[2]!.address, chainId: 56 })
        expect(answer.data).toMatch(/^0x/)
        expect(answer.expected).toBeDefined()
      }
    }
  })
})
