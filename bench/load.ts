import autocannon from 'autocannon'

/** What one load run measured. */
export interface Measured {
  rps: number
  p50: number
  p99: number
  /** Non-2xx answers, errors and timeouts. */
  failures: number
}

/** Where one load run sends its requests, and how many at once. */
export interface LoadTarget {
  url: string
  connections: number
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
}

/** Runs autocannon against `target` for `seconds` and summarizes it. */
export async function load(options: LoadTarget & { seconds: number }): Promise<Measured> {
  await warmUp(options)
  return measure(options, options.seconds)
}

/** A second of load first, so no side is measured while its JIT is still cold. */
async function warmUp(target: LoadTarget): Promise<void> {
  await autocannon({ ...autocannonOptions(target), duration: 1 })
}

async function measure(target: LoadTarget, seconds: number): Promise<Measured> {
  const result = await autocannon({ ...autocannonOptions(target), duration: seconds })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

/**
 * Each of `sides` measured in turn, `rounds` times over, `seconds` in all per side (after a
 * second of warm-up each): on cores shared with everything else, the machine's speed moves by a
 * third within seconds, and in short turns that drift falls on every side alike. Each side's
 * runs, in order; compare them round by round (`medianRatio`).
 */
export async function interleaved<Side extends string>(sides: Record<Side, LoadTarget>, rounds: number, seconds: number): Promise<Record<Side, Measured[]>> {
  const names = Object.keys(sides) as Side[]
  for (const name of names) await warmUp(sides[name])
  const runs = Object.fromEntries(names.map((name) => [name, [] as Measured[]])) as Record<Side, Measured[]>
  for (let round = 0; round < rounds; round++) for (const name of names) runs[name].push(await measure(sides[name], seconds / rounds))
  return runs
}

/** The nearest-rank `quantile` (0–1) of `sorted`, which is in ascending order; 0 when it is empty. */
export function quantileOf(sorted: number[], quantile: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? 0
}

/** The median of `values`. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The median over rounds of `side`'s throughput over `ceiling`'s, each round's pair measured back to back. */
export function medianRatio(side: Measured[], ceiling: Measured[]): number {
  return median(side.map((run, round) => run.rps / ceiling[round]!.rps))
}

/**
 * A row's ratio, target and whether it met it, for a ratio held to `limit` from below (`≥`) or
 * above (`≤`): one place for the three cells, which must agree. The ratio is written to `digits`
 * decimals rounded away from meeting the target (down for a floor, up for a ceiling), so one that
 * missed never reads as meeting it (0.8995 rounded would read 0.90 beside a "no"); the target with
 * as many (an integer as it is).
 */
export function heldTo(ratio: number, op: '≥' | '≤', limit: number, digits = 2): Pick<Row, 'ratio' | 'target' | 'met'> {
  const scale = 10 ** digits
  const rounded = op === '≥' ? Math.floor(ratio * scale + 1e-9) : Math.ceil(ratio * scale - 1e-9)
  return {
    ratio: (rounded / scale).toFixed(digits),
    target: `${op} ${Number.isInteger(limit) ? limit : limit.toFixed(digits)}`,
    met: op === '≥' ? ratio >= limit : ratio <= limit,
  }
}

/** A side's runs in a table cell: the median throughput and p99, and any failure. */
export function summary(runs: Measured[]): string {
  const failures = runs.reduce((sum, run) => sum + run.failures, 0)
  return `${median(runs.map((run) => run.rps)).toFixed(0)} req/s, p99 ${median(runs.map((run) => run.p99))} ms${failures ? `, ${failures} failed` : ''}`
}

function autocannonOptions(options: LoadTarget): autocannon.Options {
  return {
    url: options.url,
    connections: options.connections,
    ...(options.method && { method: options.method }),
    ...(options.body && { body: options.body }),
    headers: { ...(options.body && { 'content-type': 'application/json' }), ...options.headers },
  }
}

/**
 * One row of the bench table: a figure, its ceiling measured in the same run (`—` when a target is
 * a budget with nothing to measure against), the ratio, the target, whether it was met and, for a
 * missed one, what limits it (from what the run measured).
 */
export interface Row {
  figure: string
  value: string
  ceiling: string
  ratio: string
  target: string
  met: boolean
  limit?: string
}

/** The columns of the table, in order, with their headings. */
const COLUMNS = { figure: 'figure', value: 'measured', ceiling: 'ceiling (same run)', ratio: 'ratio', target: 'target' } as const
type Column = keyof typeof COLUMNS

/** The rows as one markdown table, with a column saying whether each target was met. */
export function tableOf(rows: Row[]): string {
  const columns = Object.keys(COLUMNS) as Column[]
  const cells = (row: Record<Column, string>, met: string) => `| ${columns.map((column) => row[column]).join(' | ')} | ${met} |`
  return [cells(COLUMNS, 'met'), `|${columns.map(() => '---').join('|')}|---|`, ...rows.map((row) => cells(row, row.met ? 'yes' : '**no**'))].join('\n')
}
