import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * What PGlite's postgres is started with besides PGlite's own defaults: 16 MB of shared buffers,
 * not the 128 MB initdb writes into a cluster's postgresql.conf. PGlite's postgres lives in one
 * process's memory and sets up its shared buffers at every start: 128 MB cost each open about half
 * a CPU-second and 130 MB of RSS (0.8-0.9 CPU-s an open with 16 MB against 1.25-1.4, measured on
 * 2026-12-02). A page past them is read from the cluster's files, which are in memory or in the
 * system's file cache. PostgreSQL proper (DATABASE_URL) keeps its own settings.
 */
export const PGLITE_SETTINGS: readonly string[] = ['-c', 'shared_buffers=16MB']

/**
 * Where PGlite's cluster in `dataDir` starts from: the `image` given; else, when there is none yet
 * there (in memory, or a folder without one), freshClusterStart's; else the folder itself.
 */
export function clusterStart(options: { dataDir: string; image?: string }): { image?: string; keepAs?: string } {
  if (options.image) return { image: options.image }
  const isNew = options.dataDir.startsWith('memory://') || !existsSync(join(options.dataDir, 'PG_VERSION'))
  return isNew ? freshClusterStart() : {}
}

/**
 * Where a new PGlite cluster starts from. A new one runs initdb in WebAssembly: 2–3 s
 * of CPU on its own, 6–13 s beside other work; the image of a fresh cluster opens in a fifth of
 * that and is the same cluster. The first new cluster opened beside this PGlite writes its
 * image (`keepAs`, with writeImageFile) under node_modules/.cache, named for PGlite's version so
 * a new version makes its own; every later one, in any process, opens from it (`image`). The demo
 * and the tests open many. Anything unexpected (no cache folder to find): a plain initdb.
 */
export function freshClusterStart(): { image?: string; keepAs?: string } {
  try {
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
    const marker = join('node_modules', '@electric-sql', 'pglite')
    const packageFolder = entry.slice(0, entry.lastIndexOf(marker) + marker.length)
    const { version } = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')) as { version: string }
    const file = join(dirname(dirname(packageFolder)), '.cache', 'defi-vault-api', `pglite-${version}-fresh.tar`)
    return existsSync(file) ? { image: file } : { keepAs: file }
  } catch {
    return {}
  }
}

/**
 * Writes a cluster's image to `file` whole: into a partial file of its own, then renamed over it, so
 * a reader never opens half an image (a write cut short leaves the last whole one) and a process
 * writing the same file at the same time loses nothing.
 */
export async function writeImageFile(image: Blob, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const partial = `${file}.${process.pid}.${Date.now()}.partial`
  await writeFile(partial, Buffer.from(await image.arrayBuffer()))
  await rename(partial, file)
}

/**
 * A cluster's image file as PGlite's `loadDataDir` takes it, read once and handed over as it was
 * read. PGlite asks the Blob for its bytes (arrayBuffer) and nothing else: a plain Blob copied the
 * image's 40 MB in when made and again out, a quarter of the CPU of an open (1.9 against 1.4
 * CPU-seconds, measured on 2026-12-02), and the tests open PGlite a hundred times.
 * The worker's script (workerSqlClient) holds the same few lines.
 */
export async function imageBlob(file: string): Promise<Blob> {
  return new ImageBlob(await readFile(file))
}

class ImageBlob extends Blob {
  constructor(private readonly contents: Uint8Array) {
    super([], { type: 'application/x-tar' })
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.contents
    // A file read whole has a buffer of its own; a part of a shared one is copied out.
    return Promise.resolve((byteOffset === 0 && byteLength === buffer.byteLength ? buffer : buffer.slice(byteOffset, byteOffset + byteLength)) as ArrayBuffer)
  }
}
