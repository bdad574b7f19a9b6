import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))

describe('engines', () => {
  it("every installed package accepts every Node version the project's engines field allows, so npm install warns of none", () => {
    const ours: string = read('package.json').engines.node
    const lock = read('package-lock.json') as { packages: Record<string, { engines?: { node?: string } }> }
    const refusing = Object.entries(lock.packages)
      .filter(([path, info]) => path !== '' && info.engines?.node !== undefined && !semver.subset(ours, info.engines.node))
      .map(([path, info]) => `${path} wants ${info.engines!.node}`)
    expect(refusing).toEqual([])
    expect(semver.satisfies(process.version, ours), `this Node (${process.version}) is outside ${ours}`).toBe(true)
  })
})
