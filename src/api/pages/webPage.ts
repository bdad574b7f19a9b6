import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from '../../config/index.js'
import { notFoundHere } from '../../errors/index.js'
import type { App } from '../deps.js'

const FILES = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
} as const

/**
 * `GET /`: the page over the public API (web/), its assets under `/assets/` (and its icon at
 * `/favicon.ico`), held in memory and
 * served by the service itself; nothing is fetched from elsewhere. Without a built page, `/`
 * answers 404 saying how to build it.
 */
export function registerWebPage(app: App, { devnet }: { devnet: boolean }): void {
  // Where `npm run compile` puts the page (scripts/buildWeb.mjs); its assets are served only beside its HTML.
  const folder = join(packageRoot(), 'web', 'dist')
  const built = existsSync(join(folder, 'index.html'))
  const files = new Map(
    Object.entries(FILES).flatMap(([name, type]) => {
      const path = join(folder, name)
      return built && existsSync(path) ? [[name, { body: readFileSync(path), type }] as const] : []
    }),
  )
  // The page asks for /devnet only where it answers: a 404 would be an error in every visitor's console.
  const page = files.get('index.html')
  if (page && devnet) files.set('index.html', { ...page, body: Buffer.from(page.body.toString('utf8').replace('<body>', '<body data-devnet="true">')) })
  const send = (name: keyof typeof FILES) => {
    const file = files.get(name)
    if (!file) throw notFoundHere('the page is not built: run `npm run compile` (npm start and npm test do)')
    return file
  }
  const hidden = { schema: { hide: true } }
  app.get('/', hidden, async (_request, reply) => {
    const file = send('index.html')
    return reply.type(file.type).header('cache-control', 'no-cache').send(file.body)
  })
  app.get<{ Params: { file: string } }>('/assets/:file', hidden, async (request, reply) => {
    const name = request.params.file
    if (!(name in FILES) || name === 'index.html') throw notFoundHere(`no asset ${name}`)
    const file = send(name as keyof typeof FILES)
    return reply.type(file.type).header('cache-control', 'public, max-age=300').send(file.body)
  })
  // Browsers ask for /favicon.ico whatever the page links: the same icon, so no load ends in a 404.
  app.get('/favicon.ico', hidden, async (_request, reply) => {
    const file = send('favicon.svg')
    return reply.type(file.type).header('cache-control', 'public, max-age=86400').send(file.body)
  })
}
