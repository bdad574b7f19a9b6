import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'contracts/**/*.test.ts', 'client/test/**/*.test.ts'],
    // One devnet for the whole run: test files share its chains through fresh accounts.
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
