import { executionAsyncId } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { currentScope, enterRequestBudget, openScopes, withRequestBudget } from './requestScope.js'

/** Whether the async hooks follow promises now: an `await`'s continuation then runs under an async id of its own. */
async function promisesTracked(): Promise<boolean> {
  await null
  return executionAsyncId() !== 0
}

describe('the request scope', () => {
  it('lives while the work it wraps runs, nested or failing, and not after', async () => {
    expect(openScopes()).toBe(0)
    const deadlines = await withRequestBudget(1_000, async () => {
      const outer = currentScope()?.deadline
      const inner = await withRequestBudget(50, async () => {
        expect(openScopes()).toBe(2)
        await new Promise((resolve) => setTimeout(resolve, 5))
        return currentScope()?.deadline
      })
      expect(openScopes()).toBe(1)
      return [outer, inner, currentScope()?.deadline]
    })
    expect(deadlines[0]).toBeGreaterThan(deadlines[1]!)
    expect(deadlines[2]).toBe(deadlines[0])
    await expect(withRequestBudget(100, async () => Promise.reject(new Error('node down')))).rejects.toThrow('node down')
    expect(openScopes()).toBe(0)
    expect(currentScope()).toBeUndefined()
  })

  it('for a request, stays open until its end is reported, however often', async () => {
    let close: (() => void) | undefined
    let seen: number | undefined
    enterRequestBudget(
      500,
      () => {
        setTimeout(() => (seen = currentScope()?.deadline), 5)
      },
      (closer) => (close = closer),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen).toBeTypeOf('number')
    expect(openScopes()).toBe(1)
    close!()
    close!()
    expect(openScopes()).toBe(0)
  })

  it('switches the async hooks off when the last scope closes, so work outside scopes pays nothing for them', async () => {
    let inside: boolean | undefined
    await withRequestBudget(100, async () => {
      inside = await promisesTracked()
    })
    expect(inside).toBe(true)
    expect(await promisesTracked()).toBe(false)
  })
})
