import { Histogram, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { SeriesHistogram } from './SeriesHistogram.js'

const BUCKETS = [0.001, 0.005, 0.01, 0.1, 1]
const LABELS = ['method', 'route', 'status'] as const

/** The same observations on prom-client's Histogram and on a SeriesHistogram, each on a registry of its own. */
function both() {
  const theirs = new Registry()
  const ours = new Registry()
  const config = { name: 'http_request_duration_seconds', help: 'HTTP request duration by method, route and status', labelNames: LABELS, buckets: BUCKETS }
  return {
    theirs,
    ours,
    reference: new Histogram({ ...config, registers: [theirs] }),
    histogram: new SeriesHistogram(config.name, config.help, LABELS, BUCKETS, ours),
  }
}

describe('a histogram whose series are found once', () => {
  it('is scraped line for line as prom-client’s, and read as the same objects', async () => {
    const { theirs, ours, reference, histogram } = both()
    const kept = histogram.series({ method: 'GET', route: '/bridges', status: '200' })
    for (const value of [0.0004, 0.001, 0.003, 0.2, 7, 0.0001]) {
      reference.observe({ method: 'GET', route: '/bridges', status: '200' }, value)
      kept.observe(value)
    }
    for (const [route, status, value] of [
      ['/tvl', '200', 0.02],
      ['/tvl', '304', 0.0002],
      ['unmatched', '404', 0.0005],
      ['/tvl', '200', 0.5],
    ] as const) {
      reference.observe({ method: 'GET', route, status }, value)
      histogram.observe({ method: 'GET', route, status }, value)
    }
    expect(await ours.metrics()).toBe(await theirs.metrics())
    const values = async (registry: Registry) =>
      (await registry.getMetricsAsJSON()).flatMap(({ values }) =>
        values.map(({ labels, value, ...rest }) => ({ labels, value, name: (rest as { metricName?: string }).metricName })),
      )
    expect(await values(ours)).toEqual(await values(theirs))
    expect(await ours.metrics()).toContain('http_request_duration_seconds_count{method="GET",route="/bridges",status="200"} 6')
  })

  it('counts a series found once and one observed by its labels as one series', async () => {
    const { ours, histogram } = both()
    histogram.series({ method: 'POST', route: '/x', status: '200' }).observe(0.002)
    histogram.observe({ method: 'POST', route: '/x', status: '200' }, 0.002)
    expect(await ours.metrics()).toContain('http_request_duration_seconds_count{method="POST",route="/x",status="200"} 2')
    ours.resetMetrics()
    expect(await ours.metrics()).not.toContain('route="/x"')
  })
})
