import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from './createLogger.js'

describe('createLogger', () => {
  it('cuts every long string of a logged error: a node error quoting a 25 KB payload stays a short line', () => {
    const lines: string[] = []
    const destination = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(chunk.toString())
        done()
      },
    })
    const log = createLogger({ level: 'info', pretty: false, destination })
    const payload = JSON.stringify({ method: 'eth_call', params: [{ data: `0x${'ab'.repeat(12_500)}` }] })
    const error = Object.assign(new Error(`HTTP request failed. Request body: ${payload}`), { details: payload })
    log.warn({ err: error, code: 'UPSTREAM_UNAVAILABLE' }, 'the node failed')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.length).toBeLessThan(5_000)
    expect(JSON.parse(lines[0]!)).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', err: { message: expect.stringContaining('chars)') } })
  })
})
