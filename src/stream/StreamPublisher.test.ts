import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import { MemoryEventLog } from './EventLog.js'
import { StreamPublisher } from './StreamPublisher.js'

const CHAIN = 56
const snapshotAt = (block: bigint) =>
  ({ chainId: CHAIN, takenAt: Date.now(), state: { blockNumber: block, timestamp: 1_700_000_000 + Number(block) } }) as unknown as ChainSnapshot
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('StreamPublisher', () => {
  it('asks for no answer and tells nothing while no replica has clients; once one has, tells the answers that changed since what was last told', async () => {
    const log = new MemoryEventLog({ windowMs: 60_000, maxEvents: 1_000 })
    let latest = snapshotAt(10n)
    const asked: string[] = []
    let etag = 'a'
    const publisher = new StreamPublisher({
      log,
      registry: { chains: new Map(), bridges: [] },
      latest: () => latest,
      ask: async (path) => {
        asked.push(path)
        return { status: 200, etag: `"${path.startsWith('/vaults') ? etag : 'same'}"`, body: [] }
      },
      logger: pino({ level: 'silent' }),
    })
    publisher.taken(CHAIN)
    await settle()
    expect(asked).toEqual([])
    expect((await log.after('0-0')).events).toEqual([])

    await log.markListening()
    latest = snapshotAt(11n)
    publisher.taken(CHAIN)
    await settle()
    const first = (await log.after('0-0')).events
    expect(first.map((event) => event.topic)).toEqual(['snapshot'])
    expect(JSON.parse(first[0]!.data).changed.length).toBe(asked.length)

    etag = 'b'
    latest = snapshotAt(12n)
    publisher.taken(CHAIN)
    await settle()
    const second = (await log.after(first[0]!.id)).events
    expect(JSON.parse(second[0]!.data)).toMatchObject({ blockNumber: '12', changed: [{ path: `/vaults?chain=${CHAIN}`, etag: '"b"' }] })
    await publisher.stop()
  })
})
