import type { Address } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { devnet } from '../../test/devnet.js'
import { createChainClients, stopChainClients } from '../chain/index.js'
import type { ApyBase, ChainSnapshot } from '../chain-snapshot/index.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'
import { Metrics } from '../metrics/index.js'
import { APY_WINDOW_TOLERANCE, APY_WINDOWS } from '../pricing/index.js'
import { buildRegistry } from '../registry/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../store/index.js'
import { ApyBaseKeeper } from './ApyBaseKeeper.js'
import { nearnessSpan, within } from './heldBase.js'

const CHAIN = 56
const DAY = APY_WINDOWS['1d']
const TOLERANCE = Math.round(DAY * APY_WINDOW_TOLERANCE)

describe('nearnessSpan: the head timestamps at which every point stays on its side of the window', () => {
  it('is bounded by the nearest crossing of each point, in or out', () => {
    const head = 1_000_000
    // Near at `head` (a day and 100 s back), and one that becomes near only later, and one no longer near.
    const near = { timestamp: head - DAY - 100 }
    const later = { timestamp: head - DAY + TOLERANCE + 50 }
    const gone = { timestamp: head - DAY - TOLERANCE - 10 }
    const span = nearnessSpan(head, DAY, TOLERANCE, [near, later, gone, undefined])
    // `gone` left the window at head − 10: it must stay out; `later` enters at head + 50: the span ends before.
    expect(span).toEqual({ from: head - 10, fromOpen: true, to: head + 50, toOpen: true })
    expect(within(span, head - 10)).toBe(false)
    expect(within(span, head - 9)).toBe(true)
    expect(within(span, head + 49)).toBe(true)
    expect(within(span, head + 50)).toBe(false)
    // `near` alone: near from its point + DAY − TOLERANCE to + DAY + TOLERANCE, both in.
    const alone = nearnessSpan(head, DAY, TOLERANCE, [near])
    expect(alone).toEqual({ from: near.timestamp + DAY - TOLERANCE, fromOpen: false, to: near.timestamp + DAY + TOLERANCE, toOpen: false })
    expect(nearnessSpan(head, DAY, TOLERANCE, [])).toEqual({ from: -Infinity, fromOpen: false, to: Infinity, toOpen: false })
  })
})

describe('ApyBaseKeeper: a block whose bases did not move takes the last decision, and no longer once a point leaves its window', () => {
  const chains = createChainClients(
    devnetChains(devnet()).filter((chain) => chain.chainId === CHAIN),
    { timeoutMs: 10_000, retryCount: 0 },
  )
  afterAll(() => stopChainClients(chains))
  const registry = buildRegistry(devnetRegistry(devnet()))
  const vaults = [...registry.chains.get(CHAIN)!.vaults.keys()]

  /** A snapshot that carries `apyBases`, as the keeper reads the previous one. */
  const carrying = (apyBases: Record<string, ApyBase>) => ({ apyBases }) as unknown as ChainSnapshot

  for (const withStore of [false, true])
    it(`follows each point's window block after block${withStore ? ', with a store that has no points' : ''}`, async () => {
      const sql = withStore ? await openSqlClient({ dataDir: 'memory://' }) : undefined
      if (sql) await migrate(sql)
      try {
        const metrics = new Metrics()
        // Each window's base decided anew (a pass over every vault and pair), by window: a held one is not counted.
        const decided = async () => Object.fromEntries((await metrics.apyBasesDecided.get()).values.map((value) => [value.labels.window, value.value]))
        const keeper = new ApyBaseKeeper({
          registry,
          metrics,
          ...(sql && { store: new SnapshotStore(sql) }),
          onStoreError: (error) => {
            throw error
          },
        })
        const chain = chains.get(CHAIN)!
        const head = 2_000_000_000
        // The first vault has a point a day back, 20 s inside its tolerance's far edge; the others none (a lookup is wanted, never started here).
        const point = { blockNumber: 1n, timestamp: head - DAY - TOLERANCE + 20, pricePerShare: 10n ** 18n, source: 'node' as const }
        const start: ApyBase = { vaults: { [vaults[0]!]: point }, pairs: {}, notes: {} }
        let bases = await keeper.of(chain, { blockNumber: 10n, timestamp: head }, carrying({ '1d': start }))
        const once = { '1d': 1, '7d': 1, '30d': 1, '90d': 1, inception: 1 }
        expect(await decided()).toEqual(once)
        const first = bases['1d']!
        expect(first.vaults[vaults[0]!]).toBe(point)
        // The others' notes, and their LP pairs'.
        expect(Object.keys(first.notes)).toEqual(expect.arrayContaining(vaults.slice(1)))
        expect(first.notes[vaults[0]!]).toBeUndefined()
        // Blocks 1 s apart: the point stays near for 20 s more, and each block keeps the very base; at +21 s it is gone, with a note.
        for (let second = 1; second <= 25; second++) {
          const previous = bases
          bases = await keeper.of(chain, { blockNumber: 10n + BigInt(second), timestamp: head + second }, carrying(previous))
          if (second <= 20) expect(bases['1d'], `at +${second} s`).toBe(previous['1d'])
          else expect(bases['1d']!.vaults[vaults[0]! as Address], `at +${second} s`).toBeUndefined()
          // Held, not decided again: only the 1d window, once, when its point leaves it.
          expect(await decided(), `decided by +${second} s`).toEqual(second <= 20 ? once : { ...once, '1d': 2 })
          // The other windows, whose vaults all lack a point, keep theirs throughout.
          expect(bases['7d']).toBe(previous['7d'])
          expect(bases.inception).toBe(previous.inception)
        }
        expect(bases['1d']!.notes[vaults[0]!]).toBe('1d: the price per share 1d back is being looked for')
      } finally {
        await sql?.close()
      }
    })
})
