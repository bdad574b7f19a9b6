/**
 * The test's node proxy (test/nodeProxy.ts) in a process of its own, for a bench that times the
 * process whose round trips it counts: in that process, the proxy's parsing of every batch and
 * answer (a registry's state read is hundreds of KB of hex each way) ran on the event loop being
 * timed and was counted as its CPU, where a real node's work is elsewhere.
 */
import { fork } from 'node:child_process'
import { nodeProxy } from '../test/nodeProxy.js'

/** The proxy as its parent sees it: what nodeProxy counts, asked for over IPC. */
export interface ProxyProcess {
  url: string
  reset(): Promise<void>
  sequentialRoundTrips(): Promise<number>
  close(): Promise<void>
}

/** The variable that makes a process the proxy, and names its node. */
const UPSTREAM = 'BENCH_PROXY_UPSTREAM'

type Ask = { id: number; ask: 'reset' | 'trips' }
type Answer = { id: number; value: number | null }

/** Starts the proxy in front of `upstream` in a child process. */
export async function proxyProcess(upstream: string): Promise<ProxyProcess> {
  const child = fork(import.meta.filename, {
    env: { ...process.env, [UPSTREAM]: upstream },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url))
    child.once('exit', (code) => reject(new Error(`the node proxy exited with ${code}`)))
  })
  let next = 0
  const waiting = new Map<number, (value: number | null) => void>()
  child.on('message', (message: Answer) => waiting.get(message.id)?.(message.value))
  const ask = (what: Ask['ask']) =>
    new Promise<number | null>((resolve) => {
      const id = next++
      waiting.set(id, (value) => {
        waiting.delete(id)
        resolve(value)
      })
      child.send({ id, ask: what } satisfies Ask)
    })
  return {
    url,
    reset: async () => void (await ask('reset')),
    sequentialRoundTrips: async () => (await ask('trips'))!,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill()
      }),
  }
}

// As the forked child: serve the proxy and answer the parent's questions.
const upstream = process.env[UPSTREAM]
if (process.send && upstream) {
  const proxy = await nodeProxy(upstream)
  process.on('message', ({ id, ask }: Ask) => {
    if (ask === 'reset') proxy.reset()
    process.send!({ id, value: ask === 'trips' ? proxy.sequentialRoundTrips() : null } satisfies Answer)
  })
  process.send({ url: proxy.url })
}
