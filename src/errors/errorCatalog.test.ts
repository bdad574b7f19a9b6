import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ERROR_CATALOG, ERROR_CODES, errorTable } from './errorCatalog.js'

describe('the error catalog', () => {
  it('is the table docs/dapps.md shows', () => {
    const readme = readFileSync(new URL('../../docs/dapps.md', import.meta.url), 'utf8')
    expect(readme).toContain(errorTable())
  })

  it('gives each code a client-error or server-error status, and only server-side codes are retryable besides 408 and 429', () => {
    for (const code of ERROR_CODES) {
      const spec = ERROR_CATALOG[code]
      expect(spec.status >= 400 && spec.status < 600, code).toBe(true)
      if (spec.retryable) expect(spec.status >= 500 || spec.status === 408 || spec.status === 429, code).toBe(true)
    }
  })
})
