import { notFoundHere } from '../errors/index.js'
import type { SnapshotStore } from './SnapshotStore.js'

/** The store history is read from; 404 when this service keeps none (no store configured). */
export function historyStore(store: SnapshotStore | undefined): SnapshotStore {
  if (!store) throw notFoundHere('this service keeps no history (no store configured)')
  return store
}
