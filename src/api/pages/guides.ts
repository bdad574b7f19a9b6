import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from '../../config/index.js'
import { notFoundHere } from '../../errors/index.js'
import type { App } from '../deps.js'

export interface Guide {
  /** Its file name, e.g. `dapps.md`: served at `/guides/dapps.md`. */
  name: string
  /** Its first heading. */
  title: string
  text: string
}

let read: Guide[] | undefined

/** The guides of docs/, in their file names' order, read once; none where the folder is not shipped. */
export function guides(): Guide[] {
  if (read) return read
  const folder = join(packageRoot(), 'docs')
  read = (existsSync(folder) ? readdirSync(folder) : [])
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(folder, name), 'utf8')
      return { name, title: /^# (.+)$/m.exec(text)?.[1] ?? name, text }
    })
  return read
}

/** `GET /guides/{name}`: a guide as its markdown text, the manual beside the reference at /docs. */
export function registerGuides(app: App): void {
  app.get<{ Params: { name: string } }>('/guides/:name', { schema: { hide: true } }, async (request, reply) => {
    const guide = guides().find((candidate) => candidate.name === request.params.name)
    if (!guide)
      throw notFoundHere(
        `no guide ${request.params.name}: the guides are ${
          guides()
            .map((each) => each.name)
            .join(', ') || 'not shipped with this build'
        }`,
      )
    return reply.type('text/markdown; charset=utf-8').header('cache-control', 'public, max-age=300').send(guide.text)
  })
}
