import { describe, expect, it } from 'vitest'
import { entryOf, pushTo } from './entryOf.js'

describe('entryOf', () => {
  it('makes the value once per key and keeps it, in a Map and in a WeakMap', () => {
    const map = new Map<string, { made: string }>()
    let made = 0
    const make = (key: string) => {
      made++
      return { made: key }
    }
    const first = entryOf(map, 'a', make)
    expect(entryOf(map, 'a', make)).toBe(first)
    expect(entryOf(map, 'b', make)).toEqual({ made: 'b' })
    expect(made).toBe(2)
    const weak = new WeakMap<object, number[]>()
    const key = {}
    entryOf(weak, key, () => []).push(1)
    expect(entryOf(weak, key, () => [])).toEqual([1])
  })

  it('keeps a falsy value it made (0, an empty string) rather than making it again', () => {
    const map = new Map<string, number>()
    let made = 0
    const zero = () => {
      made++
      return 0
    }
    entryOf(map, 'a', zero)
    entryOf(map, 'a', zero)
    expect(made).toBe(1)
  })

  it('groups items by key in the order given', () => {
    const byKey = new Map<string, number[]>()
    for (const [key, item] of [
      ['x', 1],
      ['y', 2],
      ['x', 3],
    ] as const)
      pushTo(byKey, key, item)
    expect([...byKey]).toEqual([
      ['x', [1, 3]],
      ['y', [2]],
    ])
  })
})
