import autocannon from 'autocannon'

/** What one load run measured. */
export interface Measured {
  rps: number
  p50: number
  p99: number
  /** Non-2xx answers, errors and timeouts. */
  failures: number
}

/** Runs autocannon against `url` for `seconds` at `connections` and summarizes it. */
export async function load(options: {
  url: string
  seconds: number
  connections: number
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
}): Promise<Measured> {
  // A second of warm-up first, so neither side is measured while its JIT is still cold.
  await autocannon({ ...autocannonOptions(options), duration: 1 })
  const result = await autocannon({ ...autocannonOptions(options), duration: options.seconds })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

function autocannonOptions(options: Parameters<typeof load>[0]): autocannon.Options {
  return {
    url: options.url,
    connections: options.connections,
    ...(options.method && { method: options.method }),
    ...(options.body && { body: options.body }),
    headers: { ...(options.body && { 'content-type': 'application/json' }), ...options.headers },
  }
}

/** One row of the bench table: a figure, its ceiling measured in the same run, and the ratio. */
export interface Row {
  figure: string
  value: string
  ceiling: string
  ratio: string
  target: string
}

/** Prints the rows as one markdown table (pasted into BENCHMARKS.md as it is). */
export function printTable(rows: Row[]): void {
  const header: Row = { figure: 'figure', value: 'measured', ceiling: 'ceiling (same run)', ratio: 'ratio', target: 'target' }
  const widths = (Object.keys(header) as (keyof Row)[]).map((key) => Math.max(...[header, ...rows].map((row) => row[key].length)))
  const line = (row: Row) => `| ${(Object.keys(header) as (keyof Row)[]).map((key, index) => row[key].padEnd(widths[index]!)).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}
