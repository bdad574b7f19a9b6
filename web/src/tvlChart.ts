import uPlot from 'uplot'
import type { TvlHistory } from './answers.js'
import { $, getJson, RANGES, usdShort } from './dom.js'

/** Each chain's colour, in the order of their ids; the total keeps the page's blue. */
const CHAIN_COLOURS = ['#1a7f37', '#bf8700', '#8250df', '#cf222e', '#1b7c83', '#6e7781']
const TOTAL_COLOUR = '#0b5cad'
/** The chains a user knows by name; any other by its id. */
const CHAIN_NAMES: Record<number, string> = {
  1: 'Ethereum',
  10: 'Optimism',
  56: 'BNB Chain',
  137: 'Polygon',
  8453: 'Base',
  42161: 'Arbitrum',
  43114: 'Avalanche',
}
/**
 * The bucket each range is read in: a day by the hour, so the minute-by-minute snapshots of the
 * service's last hour stand as one point beside the hours before them instead of piling up at the
 * right edge; a month by the day.
 */
const INTERVALS: Record<string, string> = { '1d': '1h', '7d': '1h', '30d': '1d' }

const chainName = (chainId: number) => `${CHAIN_NAMES[chainId] ?? 'Chain'} (${chainId})`

let charts: uPlot[] = []

/**
 * The TVL history of `range`: the total, and under it a small chart per chain, each in its colour
 * with its own scale. Chains of like TVL drawn on one scale lie on one line, and a chain a hundred
 * times smaller than another lies flat at the bottom of a shared one: apart, each shows its own
 * course, its axis in dollars saying how large it is.
 */
export async function loadHistory(range: string): Promise<void> {
  const from = Date.now() - RANGES[range]!
  const { points } = await getJson<TvlHistory>(`/tvl/history?platform=all&from=${from}&interval=${INTERVALS[range]}`)
  const seconds = (point: (typeof points)[number]) => Math.floor(Date.parse(point.takenAt) / 1000)
  // One line per chain and the total, on the times any chain recorded.
  const chains = [...new Set(points.map((point) => point.chainId))].sort((a, b) => a - b)
  const times = [...new Set(points.map(seconds))].sort((a, b) => a - b)
  const last = new Map<number, number>()
  const series = chains.map(() => [] as (number | null)[])
  const totals: (number | null)[] = []
  for (const time of times) {
    for (const point of points) if (seconds(point) === time) last.set(point.chainId, point.total)
    for (const [index, chainId] of chains.entries()) series[index]!.push(last.get(chainId) ?? null)
    // A total only once every chain has a point: a partial sum would draw a false climb.
    totals.push(last.size === chains.length ? [...last.values()].reduce((sum, value) => sum + value, 0) : null)
  }
  const host = $('tvl-chart')
  Object.assign(host.dataset, {
    points: String(times.length),
    shownRange: range,
    first: String(times[0] ?? ''),
    last: String(times.at(-1) ?? ''),
    times: times.join(' '),
  })
  for (const chart of charts) chart.destroy()
  host.replaceChildren()
  charts = [
    panel(host, { label: 'Total', colour: TOTAL_COLOUR, height: 220 }, times, totals),
    ...chains.map((chainId, index) =>
      panel(host, { label: chainName(chainId), colour: CHAIN_COLOURS[index % CHAIN_COLOURS.length]!, height: 150, chainId }, times, series[index]!),
    ),
  ]
}

/** One chart of the history in a box of its own: one line, its legend naming it in its colour. */
function panel(
  host: HTMLElement,
  { label, colour, height, chainId }: { label: string; colour: string; height: number; chainId?: number },
  times: number[],
  values: (number | null)[],
): uPlot {
  const box = document.createElement('div')
  box.className = chainId === undefined ? 'tvl-panel total' : 'tvl-panel'
  box.dataset.series = label
  box.dataset.colour = colour
  if (chainId !== undefined) box.dataset.chain = String(chainId)
  host.append(box)
  return new uPlot(
    {
      width: Math.min(box.clientWidth || 720, 1100),
      height,
      series: [{}, { label, stroke: colour, width: 2, fill: `${colour}1a` }],
      // One point alone would make uPlot span years: an hour either side of it instead.
      scales: times.length === 1 ? { x: { time: true, range: [times[0]! - 3600, times[0]! + 3600] } } : {},
      axes: [{}, { values: (_u, ticks) => ticks.map((tick) => usdShort.format(tick)), size: 60 }],
    },
    [times, values] as uPlot.AlignedData,
    box,
  )
}
