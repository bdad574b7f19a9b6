/** What `entryOf` needs of a map: a Map or a WeakMap. */
export interface Keyed<K, V> {
  get(key: K): V | undefined
  set(key: K, value: V): unknown
}

/**
 * The value `map` holds under `key`; the first time, `make(key)` makes it and `map` keeps it.
 * A `make` that uses only its key allocates nothing per call.
 */
export function entryOf<K, V>(map: Keyed<K, V>, key: K, make: (key: K) => V): V {
  let value = map.get(key)
  if (value === undefined) {
    value = make(key)
    map.set(key, value)
  }
  return value
}

const newList = () => []

/** Adds `item` to the list `map` holds under `key`, which it starts empty the first time. */
export function pushTo<K, V>(map: Keyed<K, V[]>, key: K, item: V): void {
  entryOf<K, V[]>(map, key, newList).push(item)
}
