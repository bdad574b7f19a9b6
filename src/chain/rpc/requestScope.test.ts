import { describe, expect, it } from 'vitest'
import { requestScope } from './requestScope.js'

describe('the request scope', () => {
  it("counts its deadline from the request's arrival: the budget less what was spent before it opened", () => {
    const before = Date.now()
    const scope = requestScope(2_500, 40)
    expect(scope.deadline).toBeGreaterThanOrEqual(before + 2_460)
    expect(scope.deadline).toBeLessThanOrEqual(Date.now() + 2_460)
  })
})
