import { Writable } from 'node:stream'
import { pino } from 'pino'

/** A logger whose lines (level and message) the test can read. */
export function capturedLog() {
  const lines: { level: number; msg: string }[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { log: pino({ level: 'info' }, stream), lines }
}
