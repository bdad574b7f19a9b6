import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, openSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { describe, expect, it } from 'vitest'
import { PRODUCTION_V8_FLAGS } from '../scripts/productionV8Flags.mjs'

/**
 * What V8 learned at nextTick's literal stores after a bare Fastify route served a few seconds of
 * load, in a process with the production heap limit and a full collection every 100 ms (the
 * mark-compacts that limit starts, at a pace that does not depend on the machine's load): one line per store, MONOMORPHIC or MEGAMORPHIC. The child writes to a file: V8 prints to its own
 * buffered stdout, which a pipe does not always receive whole before the process is gone.
 */
async function nextTickStoresAfterLoad(keep: boolean): Promise<string[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'tick-shapes-')), 'stdout')
  const child = spawn(process.execPath, ['--allow-natives-syntax', '--expose-gc', ...PRODUCTION_V8_FLAGS, '--import', 'tsx', 'test/tickShapeServer.ts'], {
    env: { ...process.env, KEEP_TICK_SHAPES: keep ? '1' : '0' },
    stdio: ['ignore', openSync(file, 'w'), 'inherit'],
  })
  const output = () => readFileSync(file, 'utf8')
  try {
    while (!/port \d+/.test(output())) {
      if (child.exitCode !== null) throw new Error(`the route exited (${child.exitCode}) before it listened`)
      await sleep(50)
    }
    const port = /port (\d+)/.exec(output())![1]
    await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 20, duration: 3 })
    const exited = once(child, 'exit')
    child.kill('SIGUSR2')
    await exited
  } finally {
    child.kill()
  }
  return output()
    .split('\n')
    .filter((line) => line.includes('DefineKeyedOwnPropertyInLiteral'))
}

describe('keepTickShapes', () => {
  it('keeps the stores of process.nextTick monomorphic under load; without it they turn megamorphic', { timeout: 60_000 }, async () => {
    const [kept, notKept] = [await nextTickStoresAfterLoad(true), await nextTickStoresAfterLoad(false)]
    // Node 20 builds a tick with four such stores: the two symbol keys, the callback and its arguments.
    expect(kept).toHaveLength(4)
    for (const store of kept) expect(store).toContain('MONOMORPHIC')
    expect(notKept).toHaveLength(4)
    expect(notKept.some((store) => store.includes('MEGAMORPHIC'))).toBe(true)
  })
})
