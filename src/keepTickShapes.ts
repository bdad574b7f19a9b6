import { createHook } from 'node:async_hooks'

/** The tick objects held for the life of the process; only their being alive matters. */
const held: object[] = []

/**
 * Holds one object of each shape `process.nextTick` queues, for the life of the process, so that
 * nextTick stays fast under load. Returns them (for the test).
 *
 * Node 20 queues a tick as an object literal with two symbol keys, and V8 finds its hidden class by
 * following map transitions that a full collection drops when no object of that class is alive.
 * Under load a tick lives for microseconds, so a mark-compact usually finds none; the next ticks
 * build new maps, nextTick's property stores see too many and turn megamorphic for the rest of the
 * process. On a bare Fastify route that cost 20–25 % of its answers per second (nextTick took 16 %
 * of the CPU instead of 1.5 %), in every process started with the production flags (whose smaller
 * heap is collected during start-up) and in about half of those started without. Holding a tick
 * keeps its maps, so the stores stay monomorphic. A no-op where nextTick queues something else.
 */
export function keepTickShapes(): readonly object[] {
  if (held.length > 0) return held
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
  return held
}
