import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The repository's own code uses the client's sources; its package (dist/) is what `npm pack` ships.
  resolve: { alias: { '@defi-vault-api/client': fileURLToPath(new URL('./client/src/index.ts', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'contracts/**/*.test.ts', 'client/test/**/*.test.ts'],
    // A devnet per worker slot: the files one slot runs after another share its chains through fresh accounts.
    globalSetup: ['test/globalSetup.ts'],
    // One file more than the cores (vitest's own default on two is one): a file spends most of its
    // time waiting on anvil, PostgreSQL or a process it started, which the other files' work
    // fills. On two cores, three at once took the suite from 819–825 s to 667 s.
    maxWorkers: availableParallelism() + 1,
    // The files a worker runs share one module graph: isolated, each file loaded the service's
    // modules again (155 of 308 s summed import time on 2026-11-29; shared, 14 of 211–229 s). Files
    // must leave no global behind them: spies restored, fake timers undone, servers closed.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
