import { fork, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { INDEXING_V8_FLAGS } from '../scripts/productionV8Flags.mjs'
import { profileFlags } from './processes.js'

/** The worker's memory after a full collection, bytes: what it holds, not where its collector happens to be. */
export interface SettledMemory {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
}

/** What bench/indexWorker.ts tells its parent: its store open, each pass's indexed block, a reach's answer, its settled memory. */
export type WorkerMessage = { ready: true } | { indexedBlock: string } | { reached: boolean; ms: number } | { collected: SettledMemory; ms: number }

export const isProgress = (message: WorkerMessage): message is { indexedBlock: string } => 'indexedBlock' in message
export const isReady = (message: WorkerMessage): message is { ready: true } => 'ready' in message

/** The index alone in a process of its own (bench/indexWorker.ts, `env` its settings), and its messages in order. */
export interface IndexWorker {
  process: ChildProcess
  /** Every message from now on is also handed to `listener` as it arrives (with its arrival time, performance.now()). */
  listen(listener: (message: WorkerMessage, at: number) => void): void
  /** The first message not taken yet that `accept` takes; those before it are dropped. */
  next<T extends WorkerMessage>(accept: (message: WorkerMessage) => message is T): Promise<T>
  /**
   * A full collection in the worker, and its memory after it with the ms it took; unlike next(),
   * it takes only its own answer, so the passes reported meanwhile stay to be taken.
   */
  collect(): Promise<{ collected: SettledMemory; ms: number }>
  /** Stops the indexer and waits for the process to exit. */
  stop(): Promise<void>
}

export function startIndexWorker(env: Record<string, string>): IndexWorker {
  const child = fork(join(import.meta.dirname, 'indexWorker.ts'), {
    // Under the V8 flags production gives a process that runs the index (`--role refresher`).
    execArgv: [...INDEXING_V8_FLAGS, '--import', 'tsx', ...profileFlags()],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const messages: WorkerMessage[] = []
  const listeners: ((message: WorkerMessage, at: number) => void)[] = []
  let notify: (() => void) | undefined
  /** The first message not taken yet that `accept` takes, with those before it dropped or (keep) left in place. */
  const take = async <T extends WorkerMessage>(accept: (message: WorkerMessage) => message is T, keep: boolean): Promise<T> => {
    for (;;) {
      const index = messages.findIndex(accept)
      if (index >= 0) return (keep ? messages.splice(index, 1) : messages.splice(0, index + 1)).at(-1) as T
      if (child.exitCode !== null) throw new Error(`the index worker exited with ${child.exitCode}`)
      await new Promise<void>((resolve) => {
        notify = resolve
        setTimeout(resolve, 1_000)
      })
    }
  }
  child.on('message', (message: WorkerMessage) => {
    const at = performance.now()
    for (const listener of listeners) listener(message, at)
    messages.push(message)
    notify?.()
  })
  return {
    process: child,
    listen: (listener) => listeners.push(listener),
    next: (accept) => take(accept, false),
    collect: () => {
      child.send({ collect: true })
      return take((message): message is { collected: SettledMemory; ms: number } => 'collected' in message, true)
    },
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.send({ stop: true })
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(killer)
    },
  }
}
