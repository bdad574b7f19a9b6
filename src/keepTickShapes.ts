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
 * process. On a bare Fastify route that cost a fifth of its answers per second (nextTick took 16 %
 * of the CPU instead of 1.5 %): in every process started with the production heap flags, whose
 * smaller heap is collected during start-up (10 of 10), and in some started without (3 of 10).
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
