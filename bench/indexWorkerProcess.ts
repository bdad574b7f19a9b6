import { fork, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { INDEXING_V8_FLAGS } from '../scripts/productionV8Flags.mjs'
import { profileFlags } from './processes.js'

/** What bench/indexWorker.ts tells its parent: its store open, each pass's indexed block, a reach's answer. */
export type WorkerMessage = { ready: true } | { indexedBlock: string } | { reached: boolean; ms: number }

export const isProgress = (message: WorkerMessage): message is { indexedBlock: string } => 'indexedBlock' in message
export const isReady = (message: WorkerMessage): message is { ready: true } => 'ready' in message

/** The index alone in a process of its own (bench/indexWorker.ts, `env` its settings), and its messages in order. */
export interface IndexWorker {
  process: ChildProcess
  /** Every message from now on is also handed to `listener` as it arrives (with its arrival time, performance.now()). */
  listen(listener: (message: WorkerMessage, at: number) => void): void
  /** The first message not taken yet that `accept` takes; those before it are dropped. */
  next<T extends WorkerMessage>(accept: (message: WorkerMessage) => message is T): Promise<T>
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
  child.on('message', (message: WorkerMessage) => {
    const at = performance.now()
    for (const listener of listeners) listener(message, at)
    messages.push(message)
    notify?.()
  })
  return {
    process: child,
    listen: (listener) => listeners.push(listener),
    next: async <T extends WorkerMessage>(accept: (message: WorkerMessage) => message is T): Promise<T> => {
      for (;;) {
        const index = messages.findIndex(accept)
        if (index >= 0) return messages.splice(0, index + 1).at(-1) as T
        if (child.exitCode !== null) throw new Error(`the index worker exited with ${child.exitCode}`)
        await new Promise<void>((resolve) => {
          notify = resolve
          setTimeout(resolve, 1_000)
        })
      }
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
