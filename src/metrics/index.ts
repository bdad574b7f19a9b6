export { Metrics } from './Metrics.js'
export type { HistogramSeries } from './SeriesHistogram.js'
