import { Worker } from 'node:worker_threads'
import { writeImageFile, PGLITE_SETTINGS } from './freshCluster.js'
import { copySql, type CopyRows, type SqlClient } from './SqlClient.js'

/**
 * The worker's own code, run as a script (`eval`): it opens PGlite (its WASM start and the image's
 * load are a second or more of CPU) and answers queries, each transaction held open between a
 * `begin` and an `end` the main thread sends. As a string it runs the same from the sources and
 * from the build, and loads PGlite from where the main thread resolved it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { readFile } = require('node:fs/promises')
const plain = (error) => ({ message: String(error && error.message || error), name: error && error.name, code: error && error.code, detail: error && error.detail })
const ROLLBACK = Symbol('rollback')
// The image as read, handed to PGlite with no copy in or out (as imageBlob in freshCluster.ts).
class ImageBlob extends Blob {
  constructor(contents) { super([], { type: 'application/x-tar' }); this.contents = contents }
  arrayBuffer() {
    const { buffer, byteOffset, byteLength } = this.contents
    return Promise.resolve(byteOffset === 0 && byteLength === buffer.byteLength ? buffer : buffer.slice(byteOffset, byteOffset + byteLength))
  }
}
;(async () => {
  let db
  try {
    const { PGlite } = await import(workerData.pglite)
    const startParams = [...PGlite.defaultStartParams, ...workerData.settings]
    db = workerData.image
      ? await PGlite.create(workerData.dataDir, { startParams, loadDataDir: new ImageBlob(await readFile(workerData.image)) })
      : await PGlite.create(workerData.dataDir, { startParams })
  } catch (error) {
    parentPort.postMessage({ id: 0, error: plain(error) })
    return
  }
  // A fresh cluster's image, asked for (keepAs): handed over with the ready answer, for the main thread to keep.
  const image = workerData.keepAs ? await db.dumpDataDir('none').then((dump) => dump.arrayBuffer(), () => undefined) : undefined
  parentPort.postMessage({ id: 0, image }, image ? [image] : [])
  const open = new Map()
  let nextTx = 1
  parentPort.on('message', async (message) => {
    const reply = (answer) => parentPort.postMessage({ id: message.id, ...answer })
    try {
      if (message.op === 'query') {
        const target = message.tx ? open.get(message.tx).tx : db
        reply({ rows: (await target.query(message.sql, message.params)).rows })
      } else if (message.op === 'copy') {
        await open.get(message.tx).tx.query(message.sql, [], { blob: new Blob([message.text]) })
        reply({})
      } else if (message.op === 'begin') {
        const txId = nextTx++
        db.transaction((tx) => new Promise((resolve, reject) => {
          open.set(txId, { tx, resolve, reject })
          reply({ tx: txId })
        })).then(
          () => { const entry = open.get(txId); open.delete(txId); parentPort.postMessage({ id: entry.endId }) },
          (error) => {
            const entry = open.get(txId)
            open.delete(txId)
            parentPort.postMessage(error === ROLLBACK ? { id: entry.endId } : { id: entry.endId, error: plain(error) })
          },
        )
      } else if (message.op === 'end') {
        const entry = open.get(message.tx)
        entry.endId = message.id
        if (message.commit) entry.resolve()
        else entry.reject(ROLLBACK)
      } else if (message.op === 'close') {
        await db.close()
        reply({})
      }
    } catch (error) {
      reply({ error: plain(error) })
    }
  })
})()
`

type Answer = {
  id: number
  rows?: Record<string, unknown>[]
  tx?: number
  image?: ArrayBuffer
  error?: { message: string; name?: string; code?: string; detail?: string }
}

/**
 * PGlite in a worker thread of its own: opening it (its WASM start, and the laid image's load) and
 * its queries take no time on the main thread, which meanwhile loads the service and answers
 * requests. The same SqlClient as openSqlClient's PGlite: one transaction at a time holds the
 * database, queries outside it wait for it.
 */
export async function openWorkerSqlClient(options: { dataDir: string; image?: string; keepAs?: string }): Promise<SqlClient> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      pglite: import.meta.resolve('@electric-sql/pglite'),
      dataDir: options.dataDir,
      image: options.image,
      keepAs: options.keepAs,
      settings: PGLITE_SETTINGS,
    },
  })
  const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>()
  // The process waits for the worker only while a query waits for it: an idle worker never holds it up.
  const settled = () => pending.size === 0 && worker.unref()
  let nextId = 1
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
    settled()
  }
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id)
    pending.delete(answer.id)
    settled()
    if (!waiting) return
    if (answer.error) waiting.reject(Object.assign(new Error(answer.error.message), answer.error))
    else waiting.resolve(answer)
  })
  worker.on('error', failAll)
  worker.on('exit', (code) => failAll(new Error(`the store's worker exited (code ${code})`)))
  const ask = (message: Record<string, unknown>, id = nextId++) =>
    new Promise<Answer>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.ref()
      if (id !== 0) worker.postMessage({ ...message, id })
    })
  try {
    const { image } = await ask({}, 0)
    if (image && options.keepAs) await writeImageFile(new Blob([image]), options.keepAs).catch(() => undefined)
  } catch (error) {
    await worker.terminate()
    throw error
  }
  const query: SqlClient['query'] = async (sql, params = []) => (await ask({ op: 'query', sql, params })).rows as never
  return {
    query,
    session: (work) => work(query),
    transaction: async (work) => {
      const { tx } = await ask({ op: 'begin' })
      const inTransaction: SqlClient['query'] = async (sql, params = []) => (await ask({ op: 'query', sql, params, tx })).rows as never
      const copy: CopyRows = async (table, columns, text) => {
        await ask({ op: 'copy', tx, sql: copySql(table, columns, `'/dev/blob'`), text })
      }
      let result: Awaited<ReturnType<typeof work>>
      try {
        result = await work(inTransaction, copy)
      } catch (error) {
        await ask({ op: 'end', tx, commit: false })
        throw error
      }
      await ask({ op: 'end', tx, commit: true })
      return result
    },
    close: async () => {
      await ask({ op: 'close' }).catch(() => undefined)
      await worker.terminate()
    },
  }
}
