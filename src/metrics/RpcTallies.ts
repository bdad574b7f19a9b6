import { Counter, type Registry } from 'prom-client'
import { entryOf } from '../keyed/index.js'
import { type HistogramSeries, SeriesHistogram } from './SeriesHistogram.js'

/** A metric's name and help text. */
interface Described {
  name: string
  help: string
}

/** One chain's calls under one name: the counts by outcome not yet added to the counter, and the series of their times. */
interface Tally {
  counts: Map<string, number>
  time: HistogramSeries
}

/**
 * Node calls counted by chain, a name (the method, or the endpoint) and outcome, and timed by
 * chain and name, with no label work per call: the counts wait in plain maps until the counter is
 * scraped (its `collect` calls `flush`), the times go to a series found once. Both are registered
 * on `registry` as prom-client would print them: a counter by chain, name and outcome, and a
 * histogram by chain and name. Every build counts and times each of its three calls by method and
 * its POST by endpoint, and prom-client turns an observation's labels into a new string each time:
 * about 1.2 µs for a count and a time (BENCHMARKS.md, "Figures behind the code").
 */
export class RpcTallies<Name extends string> {
  private readonly byChain = new Map<number, Map<string, Tally>>()
  private readonly counter: Counter<'chain' | Name | 'outcome'>
  private readonly times: SeriesHistogram<'chain' | Name>

  constructor(
    registry: Registry,
    private readonly nameLabel: Name,
    counted: Described,
    timed: Described & { buckets: readonly number[] },
  ) {
    this.counter = new Counter({ ...counted, labelNames: ['chain', nameLabel, 'outcome'], registers: [registry], collect: () => this.flush() })
    this.times = new SeriesHistogram(timed.name, timed.help, ['chain', nameLabel], timed.buckets, registry)
  }

  /** One settled call of `name` on `chainId`, with its outcome and time. */
  add(chainId: number, name: string, outcome: string, seconds: number): void {
    const tally = this.tallyOf(chainId, name)
    tally.counts.set(outcome, (tally.counts.get(outcome) ?? 0) + 1)
    tally.time.observe(seconds)
  }

  /** Adds the counts tallied since the last scrape to the counter. */
  flush(): void {
    for (const [chainId, names] of this.byChain)
      for (const [name, { counts }] of names)
        for (const [outcome, count] of counts) {
          if (count === 0) continue
          this.counter.inc({ ...this.labels(chainId, name), outcome }, count)
          counts.set(outcome, 0)
        }
  }

  private tallyOf(chainId: number, name: string): Tally {
    const names = entryOf(this.byChain, chainId, () => new Map<string, Tally>())
    return entryOf(names, name, () => ({ counts: new Map(), time: this.times.series(this.labels(chainId, name)) }))
  }

  /** The labels of `name` on `chainId` (made at a scrape and for a new series, never per call). */
  private labels(chainId: number, name: string): Record<'chain' | Name, string> {
    return { chain: String(chainId), [this.nameLabel]: name } as Record<'chain' | Name, string>
  }
}
