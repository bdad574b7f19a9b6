import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/** Whether each of the 12 requests and responses test/httpShapeServer.ts served had fast properties. */
async function shapesServed(keep: boolean): Promise<{ request: boolean; response: boolean }[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', 'test/httpShapeServer.ts'], {
    env: { ...process.env, KEEP_HTTP_SHAPES: keep ? '1' : '0' },
  })
  return JSON.parse(stdout.trim().split('\n').at(-1)!)
}

describe('keepHttpShapes', () => {
  it('keeps every response a fast object when full collections run between the first requests; without it, responses from the seventh on are hash tables', {
    timeout: 60_000,
  }, async () => {
    const [kept, notKept] = await Promise.all([shapesServed(true), shapesServed(false)])
    expect(kept).toHaveLength(12)
    expect(kept.every((served) => served.request && served.response)).toBe(true)
    // The seventh construction sizes the objects (V8's in-object slack tracking): before it, all fast.
    expect(notKept.slice(0, 6).every((served) => served.response)).toBe(true)
    expect(notKept.slice(6).every((served) => !served.response)).toBe(true)
  })
})
