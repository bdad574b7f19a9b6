import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { devnetChains, devnetRegistry, type DevnetManifest } from '../src/devnet/index.js'
import type { RegistryFile } from '../src/registry/index.js'
import { startServiceProcess, type BenchProcess } from './processes.js'
import { deleteKeysUnder } from './redisKeys.js'

/** CPU niceness of the refresher process (0 is normal, 19 the lowest priority). */
const REFRESHER_NICENESS = 10

/** The service as production runs it, over the bench devnet: what to send load to, and how to stop it. */
export interface Deployment {
  /** The replica that answers HTTP. */
  api: BenchProcess
  /** The process that takes the snapshots: a refresher of its own, or `api` (one `all` process). */
  refresher: BenchProcess
  /** `api + refresher` over PostgreSQL and Redis, or one `all` process over PGlite. */
  shape: string
  stop(): Promise<void>
}

/**
 * Starts the compiled service over `manifest`'s chains in configured mode: with DATABASE_URL and
 * REDIS_URL, one `--role refresher` and one `--role api` replica sharing them (a schema and a key
 * prefix of their own, dropped at the end); without, one `--role all` process over PGlite.
 * `registry` replaces the devnet's (e.g. with hundreds of extra contracts).
 */
export async function deploy(manifest: DevnetManifest, registry: RegistryFile = devnetRegistry(manifest)): Promise<Deployment> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'))
  const registryPath = join(dir, 'registry.json')
  writeFileSync(registryPath, JSON.stringify(registry))
  const env: Record<string, string> = { REGISTRY_FILE: registryPath, SNAPSHOT_REFRESH_MS: '1000' }
  for (const chain of devnetChains(manifest)) {
    env[`RPC_URLS_${chain.chainId}`] = chain.rpcUrls.join(',')
    env[`WRAPPED_NATIVE_${chain.chainId}`] = chain.wrappedNative
    if (chain.blockTimeSeconds !== undefined) env[`BLOCK_TIME_${chain.chainId}`] = String(chain.blockTimeSeconds)
  }
  const { DATABASE_URL, REDIS_URL } = process.env
  if (!DATABASE_URL || !REDIS_URL) {
    const all = await startServiceProcess('all', { ...env, DATA_DIR: join(dir, 'pglite') })
    return { api: all, refresher: all, shape: 'one `all` process, PGlite, memory cache', stop: () => all.stop() }
  }
  const schema = `bench_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: DATABASE_URL })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  const url = new URL(DATABASE_URL)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const prefix = `bench-${randomUUID()}:`
  const shared = { ...env, DATABASE_URL: url.toString(), REDIS_URL, REDIS_PREFIX: prefix }
  // The schema and the keys the deployment wrote: nothing of a run is left in the shared stores.
  const dropStores = async () => {
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
    const redis = new Redis(REDIS_URL)
    try {
      await deleteKeysUnder(redis, prefix)
    } finally {
      redis.disconnect()
    }
  }
  const refresher = await startServiceProcess('refresher', shared).catch(async (error: unknown) => {
    await dropStores()
    throw error
  })
  // A replica that does not start leaves no refresher behind, following chains that are gone.
  const api = await startServiceProcess('api', shared).catch(async (error: unknown) => {
    await refresher.stop()
    await dropStores()
    throw error
  })
  // Production runs the refresher on its own machine; here it shares two cores with the replica,
  // the nodes and the load, so it yields the CPU as an operator co-locating them would make it.
  setPriority(refresher.pid(), REFRESHER_NICENESS)
  return {
    api,
    refresher,
    shape: '`--role api` + `--role refresher`, PostgreSQL, Redis',
    stop: async () => {
      await Promise.all([api.stop(), refresher.stop()])
      await dropStores()
    },
  }
}
