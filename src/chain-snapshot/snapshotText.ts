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
  return `{"format":${JSON.stringify(FORMAT)},"snapshot":${write(snapshot)}}`
}

/**
 * The text of each object, array, Map and Set a snapshot holds, written once: a taken snapshot
 * never changes, and the next one shares every entry its block did not change (a followed block
 * reads the contracts its logs name, advanceState keeps the others' objects). So a snapshot's text
 * is written from the texts of the entries it shares with the last one, and only what is new is
 * walked: with 1,000 vaults and 1,000 reward pools, 10 of them new, and the text read whole as its
 * send reads it, 19.8–21.5 ms against a whole write's 26.9–35.8 ms on the bench's snapshot
 * (BENCH_ONLY=choices, 2026-12-02, on a machine where a fresh mapping is dear). The refresher sends
 * one snapshot to Redis and to the store: the second is a lookup. So an object must never change
 * once it is in a taken snapshot (the code builds new ones: advanceState, extrapolate): a change
 * would keep its old text.
 */
const written = new WeakMap<object, string>()

/** `value`'s text, an object's kept once written; a Map is `{"\u0001m": [[key, value], …]}`, a Set `{"\u0001s": [value, …]}`, an undefined property left out. */
export function write(value: unknown): string {
  // A Map of 1,000 totals is 1,000 bigints: written here, not through JSON.stringify.
  if (typeof value === 'bigint') return `"\\u0001n${value}"`
  if (typeof value === 'string') return stringText(value)
  if (typeof value !== 'object' || value === null) return otherText(value)
  let text = written.get(value)
  if (text !== undefined) return text
  if (Array.isArray(value)) text = `[${listed(value, write)}]`
  else if (value instanceof Map) text = `{${MAP_KEY}:[${listed(value, ([key, entry]) => `[${write(key)},${write(entry)}]`)}]}`
  else if (value instanceof Set) text = `{${SET_KEY}:[${listed(value, write)}]}`
  else {
    let fields = ''
    for (const key in value) {
      const entry = (value as Record<string, unknown>)[key]
      if (entry === undefined) continue
      const field = `${keyText(key)}:${write(entry)}`
      fields = fields === '' ? field : `${fields},${field}`
    }
    text = `{${fields}}`
  }
  written.set(value, text)
  return text
}

/**
 * The texts of `items`, comma-separated, joined by `+`: V8 keeps such a text as a tree of the pieces
 * it joins until something reads it whole, so a snapshot's text is copied once, when it is sent,
 * not once per Map and array that holds it. `join` would copy each list at once, and a list over
 * 128 KB (a Map of 1,000 entries) is a fresh memory mapping, written page by page: 0.7 ms for 137
 * KB on the bench's machine, against 0.07 ms for 127 KB.
 */
function listed<T>(items: Iterable<T>, text: (item: T) => string): string {
  let list: string | undefined
  for (const item of items) list = list === undefined ? text(item) : `${list},${text(item)}`
  return list ?? ''
}

/**
 * The text of each string written lately: a snapshot's Maps are keyed by the registry's addresses,
 * the same in every block. Emptied past STRING_TEXTS, so strings that never come back cannot pile up.
 */
const stringTexts = new Map<string, string>()
const STRING_TEXTS = 100_000

function stringText(value: string): string {
  let text = stringTexts.get(value)
  if (text === undefined) {
    if (stringTexts.size >= STRING_TEXTS) stringTexts.clear()
    text = JSON.stringify(escaped(value))
    stringTexts.set(value, text)
  }
  return text
}

const MAP_KEY = JSON.stringify(`${TAG}m`)
const SET_KEY = JSON.stringify(`${TAG}s`)

/** A snapshot from its text: this form, or superjson's (older rows of the store). */
export function decodeSnapshot(text: string): ChainSnapshot {
  const parsed = JSON.parse(text) as { format?: string; snapshot?: unknown; json?: unknown; meta?: never }
  if (parsed.format === FORMAT) return untagged(parsed.snapshot) as ChainSnapshot
  if (parsed.format !== undefined) throw new Error(`a snapshot in an unknown text format ${JSON.stringify(parsed.format)}`)
  return superjson.deserialize<ChainSnapshot>(parsed as { json: never; meta?: never })
}

const escaped = (text: string) => (text.startsWith(TAG) ? `${TAG}'${text}` : text)

/** An object's key as `write` writes it: a key that starts with the tag escaped. */
export const keyText = (key: string) => JSON.stringify(escaped(key))

/** An object's key as `keyText` wrote it, once parsed. */
export const keyOf = (written: string) => (written.startsWith(TAG) ? written.slice(2) : written)

/** The text of a value that is neither an object, a bigint nor a string: undefined, NaN, ±Infinity and -0 tagged, as JSON cannot hold them. */
function otherText(value: unknown): string {
  if (value === undefined) return JSON.stringify(`${TAG}u`)
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) return JSON.stringify(`${TAG}d${Object.is(value, -0) ? '-0' : value}`)
  return JSON.stringify(value)
}

/** What `write` wrote, back (once parsed as JSON). */
export function untagged(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(TAG) ? fromTag(value) : value
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(untagged)
  const object = value as Record<string, unknown>
  const map = object[`${TAG}m`] as [unknown, unknown][] | undefined
  if (map) return new Map(map.map(([key, entry]) => [untagged(key), untagged(entry)]))
  const set = object[`${TAG}s`] as unknown[] | undefined
  if (set) return new Set(set.map(untagged))
  const out: Record<string, unknown> = {}
  for (const key in object) setOwn(out, keyOf(key), untagged(object[key]))
  return out
}

/** Sets `key` as an own property, `__proto__` included (an assignment would set the prototype). */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
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
