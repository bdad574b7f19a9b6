import { spawn } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

/** A child that says when it is ready and, on SIGTERM or SIGINT, says so and leaves with code 7. */
const CHILD = `for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => { console.log('child got ' + signal); process.exit(7) }); setInterval(() => {}, 1000); console.log('ready')`

/** The scripts' way of running a child (start.mjs, runRegistry.mjs), in a process of its own; its output and exit code. */
async function stoppedWith(signal: NodeJS.Signals): Promise<{ output: string; code: number | null }> {
  const runner = `import(${JSON.stringify(pathToFileURL('scripts/nodeChild.mjs').href)}).then(({ runNodeChild }) => runNodeChild(['-e', ${JSON.stringify(CHILD)}]))`
  const parent = spawn(process.execPath, ['-e', runner], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  parent.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (output.includes('ready') && !parent.killed) parent.kill(signal)
  })
  const code = await new Promise<number | null>((resolve) => parent.once('exit', (exitCode) => resolve(exitCode)))
  return { output, code }
}

describe('a script standing in for its child (scripts/nodeChild.mjs)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('passes %s on to the child and leaves with its exit code', async (signal) => {
    // Sent to the script alone, as a process manager stops it: the child still hears it, and stops.
    const { output, code } = await stoppedWith(signal)
    expect(output).toContain(`child got ${signal}`)
    expect(code).toBe(7)
  })
})
