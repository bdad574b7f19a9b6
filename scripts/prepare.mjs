// `npm install` (prepare): the contracts and the page compiled, and the service built (`npm run
// build`, so `npm start` runs JavaScript) when TypeScript is installed; an install without dev
// dependencies runs the sources through tsx instead. Then the devnet's past is laid once
// (layDevnet.ts), which never fails the install.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
run('npm', ['run', '--silent', existsSync('node_modules/typescript') ? 'build' : 'compile'])
run(process.execPath, ['--import', 'tsx', 'scripts/layDevnet.ts'])
