import { createHook } from 'node:async_hooks'

/** The tick objects held for the life of the process; only their being alive matters. */
const held: object[] = []

/**
 * Holds one object of each shape `process.nextTick` queues, for the life of the process, so that
 * nextTick stays fast under load.
 *
 * Node 20 queues a tick as an object literal with two symbol keys, and V8 finds its hidden class by
 * following map transitions that a full collection drops when no object of that class is alive.
 * A tick lives for microseconds, so a mark-compact usually finds none; the next ticks build new
 * maps, and nextTick's property stores, having seen too many, turn megamorphic for the rest of the
 * process, and nextTick becomes a large share of a route's CPU. It happens in every process started
 * with the production heap flags, whose smaller heap is collected during start-up, and in some
 * started without (the run that found it is in the git history of BENCHMARKS.md).
 * Holding a tick keeps its maps, so the stores stay monomorphic. Does nothing where nextTick
 * queues no `TickObject`.
 */
export function keepTickShapes(): void {
  if (held.length > 0) return
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') held.push(resource)
    },
  }).enable()
  try {
    // Without and with arguments: `args` holds undefined or an array.
    process.nextTick(() => {})
    process.nextTick(() => {}, undefined)
  } finally {
    hook.disable()
  }
}
