import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { MemoryEventLog, type EventLog, type EventWindow } from './EventLog.js'
import type { StreamEvent } from './events.js'
import { RedisEventLog } from './RedisEventLog.js'

const { REDIS_URL } = process.env
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const draft = (n: number) => ({ topic: 'snapshot' as const, chainId: 56, data: JSON.stringify({ n }) })

const connections: Redis[] = []
afterAll(() => {
  for (const connection of connections) connection.disconnect()
})

const logs: [string, (window: EventWindow) => EventLog][] = [['memory', (window) => new MemoryEventLog(window)]]
if (REDIS_URL)
  logs.push([
    'Redis',
    (window) => {
      const redis = new Redis(REDIS_URL)
      const reader = redis.duplicate()
      connections.push(redis)
      return new RedisEventLog(redis, reader, `test-${randomUUID()}:`, window, pino({ level: 'silent' }))
    },
  ])
else it.skip('the Redis event log needs REDIS_URL; it is not set', () => {})

describe.each(logs)('the event log in %s', (_name, open) => {
  it('follows and replays in order, and says when events after an id are no longer kept', async () => {
    const log = open({ windowMs: 300, maxEvents: 1_000 })
    const heard: StreamEvent[] = []
    const stop = log.follow((event) => heard.push(event))
    await sleep(100)
    await log.append([draft(1), draft(2)])
    await sleep(400)
    await log.append([draft(3)])
    for (let waited = 0; heard.length < 3 && waited < 3_000; waited += 50) await sleep(50)
    expect(heard.map((event) => JSON.parse(event.data).n)).toEqual([1, 2, 3])
    // 1 and 2 fell out of the window: after 1, event 2 is missed; after 2, nothing is.
    const afterFirst = await log.after(heard[0]!.id)
    expect(afterFirst.missed).toBe(true)
    expect(afterFirst.events.map((event) => event.id)).toEqual([heard[2]!.id])
    expect(afterFirst.oldestKept).toBe(heard[2]!.id)
    const afterSecond = await log.after(heard[1]!.id)
    expect(afterSecond).toMatchObject({ missed: false, events: [heard[2]] })
    expect((await log.after(heard[2]!.id)).events).toEqual([])
    await log.setToldThrough(56, 1234n)
    expect(await log.toldThrough(56)).toBe(1234n)
    expect(await log.toldThrough(1)).toBeUndefined()
    stop()
    await log.close()
  })

  it('knows whether a replica has clients, and makes a client behind an untold stretch get a gap', async () => {
    const log = open({ windowMs: 60_000, maxEvents: 1_000 })
    expect(await log.listening()).toBe(false)
    await log.markListening()
    expect(await log.listening()).toBe(true)
    await log.append([draft(1), draft(2)])
    const heard: StreamEvent[] = []
    const stop = log.follow((event) => heard.push(event))
    await sleep(100)
    await log.append([draft(3)])
    for (let waited = 0; heard.length < 1 && waited < 3_000; waited += 50) await sleep(50)
    const third = heard[0]!
    const second = (await log.after('0-0')).events[1]!
    expect((await log.after(second.id)).missed).toBe(false)
    // Blocks went by untold: a client with any id kept so far missed them; one with a later id did not.
    await log.markUntold()
    expect((await log.after(second.id)).missed).toBe(true)
    expect((await log.after(third.id)).missed).toBe(false)
    await log.append([draft(4)])
    expect((await log.after(third.id)).missed).toBe(false)
    stop()
    await log.close()
  })
})
