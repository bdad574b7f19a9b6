import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mine } from './devnet.js'
import { postgresSchema, registryFile, startService, type ServiceProcess } from './processes.js'
import { readSse, type SseReader } from './sse.js'

const { DATABASE_URL, REDIS_URL } = process.env
const CHAIN = 56

if (!DATABASE_URL || !REDIS_URL) it.skip('the stream behind replicas needs DATABASE_URL and REDIS_URL; they are not set', () => {})

describe.skipIf(!DATABASE_URL || !REDIS_URL)('GET /stream behind replicas (the refresher publishes through Redis)', () => {
  const prefix = `test-${randomUUID()}:`
  let database: { url: string; drop: () => Promise<void> }
  let redis: Redis
  const processes: ServiceProcess[] = []
  const readers: SseReader[] = []
  let env: Record<string, string>
  const start = async (role: 'api' | 'refresher') => {
    const service = await startService(role, env)
    processes.push(service)
    return service
  }
  const open = async (port: number, lastEventId?: string) => {
    const reader = await readSse(`http://127.0.0.1:${port}/stream?chain=${CHAIN}&topics=snapshot`, lastEventId)
    readers.push(reader)
    return reader
  }

  beforeAll(async () => {
    database = await postgresSchema(DATABASE_URL!)
    redis = new Redis(REDIS_URL!)
    env = { DATABASE_URL: database.url, REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, REGISTRY_FILE: registryFile(), SNAPSHOT_REFRESH_MS: '500' }
  })
  afterAll(async () => {
    for (const reader of readers) reader.close()
    await Promise.all(processes.map((service) => service.stop('SIGKILL')))
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    redis.disconnect()
    await database.drop()
  })

  it('a replica killed mid-stream loses its clients’ connections, not their events: restarted, it replays them from Last-Event-ID, none lost, none twice', async () => {
    await start('refresher')
    const [doomed, survivor] = await Promise.all([start('api'), start('api')])
    const control = await open(survivor.port)
    const client = await open(doomed.port)
    // Both replicas serve the same events, with the same ids.
    await mine(CHAIN, 1)
    const seen = await client.until(() => true, 30_000, 'a first event on the doomed replica')
    await control.until((event) => event.id === seen.id, 10_000, 'the same event on the other replica')

    await doomed.stop('SIGKILL')
    await client.until(() => client.ended(), 5_000, 'the connection lost').catch(() => undefined)
    expect(client.ended(), 'the killed replica took its connections').toBe(true)
    const lastId = client.events.at(-1)!.id!
    // Blocks land while the client is away: the refresher tells them all the same.
    for (let block = 0; block < 3; block += 1) {
      await mine(CHAIN, 1)
      const before = control.events.length
      await control.until((_event, index) => index >= before, 30_000, `the event of block ${block + 1} while away`)
    }

    // The replica comes back (a new process, as an orchestrator restarts it) and the client reconnects to it.
    const restarted = await start('api')
    const back = await open(restarted.port, lastId)
    const missed = control.events.slice(control.events.findIndex((event) => event.id === lastId) + 1)
    expect(missed.length).toBeGreaterThanOrEqual(3)
    await back.until((_event, index) => index >= missed.length - 1, 10_000, 'the missed events replayed')
    expect(back.events.slice(0, missed.length)).toEqual(missed)
    expect(back.events.some((event) => event.event === 'gap')).toBe(false)
    expect(new Set([...client.events, ...back.events].map((event) => event.id)).size, 'no event twice').toBe(client.events.length + back.events.length)

    // And the stream goes on live after the replay.
    const heard = control.events.length
    await mine(CHAIN, 1)
    const next = await control.until((_event, index) => index >= heard, 30_000, 'a live event')
    await back.until((event) => event.id === next.id, 10_000, 'the live event after the replay')
  }, 180_000)
})
