import { methodNotAllowed } from '../../errors/index.js'
import type { App } from '../deps.js'

/** Methods a client might try on a path; HEAD follows GET and OPTIONS is CORS's. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * A wrong method on a served path is a 405 with `allow`, not a 404 that suggests a wrong URL.
 * Call before the routes are registered; the returned function, called after, adds one hidden
 * route per path for the methods it lacks.
 */
export function answerWrongMethods(app: App): () => void {
  const served = new Map<string, Set<string>>()
  let done = false
  app.addHook('onRoute', (route) => {
    if (done || route.url.includes('*')) return
    const methods = served.get(route.url) ?? new Set<string>()
    for (const method of [route.method].flat()) methods.add(method)
    served.set(route.url, methods)
  })
  return () => {
    done = true
    for (const [url, methods] of served) {
      const missing = METHODS.filter((method) => !methods.has(method))
      const allow = [...methods].join(', ')
      if (missing.length === 0) continue
      app.route({
        method: [...missing],
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          reply.header('allow', allow)
          throw methodNotAllowed(`${request.routeOptions.url} answers ${allow}, not ${request.method}; see /docs`)
        },
      })
    }
  }
}
