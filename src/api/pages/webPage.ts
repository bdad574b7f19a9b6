import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { notFoundHere } from '../../errors/index.js'
import type { App } from '../deps.js'

/** Where `npm run compile` puts the page (scripts/buildWeb.mjs), from the sources or from dist/. */
const BUILT = ['../../../web/dist/', '../../../../web/dist/'].map((path) => fileURLToPath(new URL(path, import.meta.url)))

const FILES = { 'index.html': 'text/html; charset=utf-8', 'app.js': 'text/javascript; charset=utf-8', 'app.css': 'text/css; charset=utf-8' } as const

/**
 * `GET /`: the page over the public API (web/), its assets under `/assets/`, held in memory and
 * served by the service itself; nothing is fetched from elsewhere. Without a built page, `/`
 * answers 404 saying how to build it.
 */
export function registerWebPage(app: App): void {
  const folder = BUILT.find((candidate) => existsSync(`${candidate}index.html`))
  const files = new Map(folder ? Object.entries(FILES).map(([name, type]) => [name, { body: readFileSync(`${folder}${name}`), type }]) : [])
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
}
