import type { Metric, Registry } from 'prom-client'
import { entryOf } from '../keyed/index.js'

/** One value as prom-client's registry reads it. */
interface ScrapedValue {
  metricName: string
  labels: Record<string, string | number>
  value: number
}

/** A histogram as prom-client's registry reads it to print it (`sharedLabels`: the series' labels). */
interface Scraped {
  name: string
  help: string
  type: 'histogram'
  aggregator: 'sum'
  values: (ScrapedValue & { sharedLabels: Readonly<Record<string, string>> })[]
}

/** One series of a SeriesHistogram, found once and observed many times. */
export interface HistogramSeries {
  /** Counts one observation, in the histogram's unit. */
  observe(value: number): void
}

/** What one series holds: its labels, its count per bucket (not cumulative), sum and count. */
interface Tally extends HistogramSeries {
  labels: Readonly<Record<string, string>>
  perBucket: Float64Array
  sum: number
  count: number
}

/**
 * A Prometheus histogram on a prom-client registry, scraped line for line as prom-client's own
 * Histogram (same names, labels, buckets and order), whose series can be found once and then
 * observed with no label work: prom-client checks and hashes an observation's labels into a new
 * string each time, the most expensive step of answering a kept read (BENCHMARKS.md, "Figures
 * behind the code"). `observe(labels, value)` is there for callers whose labels change per observation.
 */
export class SeriesHistogram<Label extends string> {
  readonly type = 'histogram'
  readonly aggregator = 'sum'
  private readonly tallies = new Map<string, Tally>()

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly Label[],
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric)
  }

  /** The series of `labels`, made on first use. */
  series(labels: Readonly<Record<Label, string>>): HistogramSeries {
    const key = this.labelNames.map((name) => labels[name]).join('\n')
    return entryOf(this.tallies, key, () => this.tallyOf(labels))
  }

  /** Counts one observation of the series of `labels`. */
  observe(labels: Readonly<Record<Label, string>>, value: number): void {
    this.series(labels).observe(value)
  }

  /** Forgets every series (prom-client's `registry.resetMetrics()`). */
  reset(): void {
    this.tallies.clear()
  }

  /** The values as prom-client's registry prints them: each series' cumulative buckets, `+Inf`, sum and count. */
  async getForPromString(): Promise<Scraped> {
    const values = [...this.tallies.values()].flatMap(({ labels, perBucket, sum, count }) => {
      const value = (metricName: string, own: Record<string, string | number>, value: number) => ({ metricName, labels: own, sharedLabels: labels, value })
      let below = 0
      const cumulative = this.buckets.map((le, index) => {
        below += perBucket[index]!
        return value(`${this.name}_bucket`, { le }, below)
      })
      return [...cumulative, value(`${this.name}_bucket`, { le: '+Inf' }, count), value(`${this.name}_sum`, {}, sum), value(`${this.name}_count`, {}, count)]
    })
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values }
  }

  /** The values as objects (prom-client's `registry.getMetricsAsJSON()`), each with its series' labels. */
  async get(): Promise<Omit<Scraped, 'values'> & { values: ScrapedValue[] }> {
    const metric = await this.getForPromString()
    return { ...metric, values: metric.values.map(({ sharedLabels, labels, ...value }) => ({ ...value, labels: { ...labels, ...sharedLabels } })) }
  }

  private tallyOf(labels: Readonly<Record<Label, string>>): Tally {
    const { buckets } = this
    const tally: Tally = {
      labels: { ...labels },
      perBucket: new Float64Array(buckets.length),
      sum: 0,
      count: 0,
      observe(value) {
        tally.sum += value
        tally.count++
        for (let index = 0; index < buckets.length; index++) {
          if (value <= buckets[index]!) {
            tally.perBucket[index]!++
            return
          }
        }
      },
    }
    return tally
  }
}
