import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The repository's own code uses the client's sources; its package (dist/) is what `npm pack` ships.
  resolve: { alias: { '@defi-vault-api/client': fileURLToPath(new URL('./client/src/index.ts', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'contracts/**/*.test.ts', 'client/test/**/*.test.ts'],
    // One devnet for the whole run: test files share its chains through fresh accounts.
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
