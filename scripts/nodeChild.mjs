// A script that runs the service or a command in a Node process of its own (start.mjs under the
// production V8 flags or through tsx, runRegistry.mjs through tsx) stands in for it: the signals
// that stop it reach the child, and it leaves with the child's exit code.
import { spawn } from 'node:child_process'

/** Runs `node <args>` with this process's terminal, passes it SIGINT and SIGTERM, and exits as it does. */
export function runNodeChild(args) {
  const child = spawn(process.execPath, args, { stdio: 'inherit' })
  // The child handles the signals itself (the service shuts down in order); this process waits for its exit.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
