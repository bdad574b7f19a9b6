import type { WireCall } from './RpcEndpoint.js'

/** A call waiting for its answer. */
export interface Queued {
  call: WireCall
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** A call made within a client request's scope, and that scope's deadline. */
export interface Scoped {
  queued: Queued
  deadline: number
}

/** Calls that go to the node as one JSON-RPC batch, and the deadline they share. */
export interface Batch {
  calls: Queued[]
  deadline: number
}

/**
 * Nodes refuse JSON-RPC batches past a size (anvil answers "JSON is not a valid request object"
 * to a few MB): calls are grouped up to this many bytes, and the groups go in parallel.
 */
const MAX_BATCH_BYTES = 1024 * 1024
/**
 * Calls per batch at most. A batch is answered only when its slowest call is done, and while the
 * node finishes the last calls of a large one, its other cores wait. Small batches side by side
 * keep the node's cores busy and still share most of the HTTP work. Providers cap the calls of one
 * batch too, some well under 100.
 */
const MAX_BATCH_CALLS = 16
/**
 * A batch keeps the earliest deadline of its calls, so calls travel together only when their
 * deadlines are this close, ms: those of requests started together differ by how long each had
 * waited before (milliseconds, against budgets of seconds), and a call is never given up more
 * than this before its own deadline.
 */
const DEADLINE_SLACK_MS = 100

/**
 * The scoped calls of one turn (sorted in place) cut into batches, earliest deadline first:
 * each within MAX_BATCH_BYTES, MAX_BATCH_CALLS and DEADLINE_SLACK_MS, with the earliest deadline
 * of its calls.
 */
export function batchesOf(scoped: Scoped[]): Batch[] {
  const batches: Batch[] = []
  let batch: Batch | undefined
  let size = 0
  for (const { queued, deadline } of scoped.sort((a, b) => a.deadline - b.deadline)) {
    const bytes = jsonLength(queued.call.params ?? null) + queued.call.method.length + 40
    if (!batch || size + bytes > MAX_BATCH_BYTES || batch.calls.length >= MAX_BATCH_CALLS || deadline - batch.deadline > DEADLINE_SLACK_MS) {
      batch = { calls: [], deadline }
      batches.push(batch)
      size = 0
    }
    batch.calls.push(queued)
    size += bytes
  }
  return batches
}

/**
 * The length of `value` written as JSON, without writing it: a snapshot's batch is about 1 MB,
 * and writing it once here to measure it, and again to send it, would write every block's calls
 * twice (BENCHMARKS.md, "Figures behind the code"). Escapes are not counted; what a node call
 * carries (hex, addresses, block tags) has none.
 */
export function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length + 2
  // Brackets and separators: one per item plus one (two when empty).
  if (Array.isArray(value))
    return Math.max(
      2,
      value.reduce((length: number, item) => length + jsonLength(item) + 1, 1),
    )
  if (typeof value === 'object' && value !== null) {
    let length = 1
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key]
      if (item !== undefined) length += key.length + 4 + jsonLength(item)
    }
    return Math.max(2, length)
  }
  return String(value).length
}
