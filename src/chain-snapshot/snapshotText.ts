import superjson from 'superjson'
import type { ChainSnapshot } from './ChainSnapshot.js'

/** What starts a tag: U+0001. */
const TAG = '\u0001'
/** The format's name in the text, so another form can follow it and older text is told apart. */
const FORMAT = 'tagged-json-1'

/**
 * The text form of a snapshot, for the store and Redis: JSON in which what JSON cannot hold is a
 * string or a one-key object tagged by a leading U+0001 (a character no JSON string of this
 * service's own starts with, and one a string from a chain is escaped for):
 * - `"\u0001n<digits>"` a bigint, `"\u0001u"` undefined (in an array or a Map's value), `"\u0001d<number>"`
 *   NaN, ±Infinity or -0, `"\u0001'<text>"` a string that itself starts with U+0001;
 * - `{"\u0001m": [[key, value], …]}` a Map, `{"\u0001s": [value, …]}` a Set;
 * - an object's key that starts with U+0001 gets the same `'` escape; an undefined property is left out.
 *
 * Every replica decodes the latest snapshot of a chain each time one is taken, and the refresher
 * encodes it: superjson, which did both before, walks every path of its annotations once more;
 * for a chain of 1,000 vaults and 1,000 reward pools it took 277 ms to write and 172 ms to read,
 * this form 18.8 ms and 12.2 ms (BENCH_ONLY=choices, bench/snapshotTextChoice.ts).
 * Snapshots written with superjson (an object with `json` and `meta`) are still read.
 */
export function encodeSnapshot(snapshot: ChainSnapshot): string {
  let text = written.get(snapshot)
  if (text === undefined) {
    text = JSON.stringify({ format: FORMAT, snapshot: tagged(snapshot) })
    written.set(snapshot, text)
  }
  return text
}

/** Each snapshot's text, written once: the refresher sends a snapshot both to Redis and to the store, and a taken snapshot never changes. */
const written = new WeakMap<ChainSnapshot, string>()

/** A snapshot from its text: this form, or superjson's (older rows of the store). */
export function decodeSnapshot(text: string): ChainSnapshot {
  const parsed = JSON.parse(text) as { format?: string; snapshot?: unknown; json?: unknown; meta?: never }
  if (parsed.format === FORMAT) return untagged(parsed.snapshot) as ChainSnapshot
  if (parsed.format !== undefined) throw new Error(`a snapshot in an unknown text format ${JSON.stringify(parsed.format)}`)
  return superjson.deserialize<ChainSnapshot>(parsed as { json: never; meta?: never })
}

const escaped = (text: string) => (text.startsWith(TAG) ? `${TAG}'${text}` : text)

/** `value` with bigints, undefined, non-finite numbers, Maps and Sets written as tags. */
function tagged(value: unknown): unknown {
  switch (typeof value) {
    case 'bigint':
      return `${TAG}n${value}`
    case 'undefined':
      return `${TAG}u`
    case 'string':
      return escaped(value)
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : `${TAG}d${Object.is(value, -0) ? '-0' : value}`
    case 'object': {
      if (value === null) return null
      if (Array.isArray(value)) return value.map(tagged)
      if (value instanceof Map) return { [`${TAG}m`]: Array.from(value, ([key, entry]) => [tagged(key), tagged(entry)]) }
      if (value instanceof Set) return { [`${TAG}s`]: Array.from(value, tagged) }
      const out: Record<string, unknown> = {}
      for (const key in value) {
        const entry = (value as Record<string, unknown>)[key]
        if (entry !== undefined) setOwn(out, escaped(key), tagged(entry))
      }
      return out
    }
    default:
      return value
  }
}

/** What `tagged` wrote, back. */
function untagged(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(TAG) ? fromTag(value) : value
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(untagged)
  const object = value as Record<string, unknown>
  const map = object[`${TAG}m`] as [unknown, unknown][] | undefined
  if (map) return new Map(map.map(([key, entry]) => [untagged(key), untagged(entry)]))
  const set = object[`${TAG}s`] as unknown[] | undefined
  if (set) return new Set(set.map(untagged))
  const out: Record<string, unknown> = {}
  for (const key in object) setOwn(out, key.startsWith(TAG) ? key.slice(2) : key, untagged(object[key]))
  return out
}

/** Sets `key` as an own property, `__proto__` included (an assignment would set the prototype). */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
  else object[key] = value
}

function fromTag(text: string): unknown {
  switch (text[1]) {
    case 'n':
      return BigInt(text.slice(2))
    case 'u':
      return undefined
    case 'd':
      return Number(text.slice(2))
    case "'":
      return text.slice(2)
    default:
      throw new Error(`a snapshot's text holds an unknown tag ${JSON.stringify(text.slice(0, 2))}`)
  }
}
