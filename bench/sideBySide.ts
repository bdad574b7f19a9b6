import { keccak256, toHex, type Address } from 'viem'
import { median } from './load.js'

/** How long one round of one side runs, ms; the warm-up runs twice as long. */
const ROUND_MS = 100
/** Rounds per side, taken in turn with the other side's; the median is reported. */
const ROUNDS = 7

/** A choice in the code and what it costs against the alternative it was chosen over, both measured in one run. */
export interface ChoiceRow {
  /** The file that makes the choice. */
  where: string
  choice: string
  /** What one operation is, in both columns. */
  unit: string
  /** µs per operation, the code as it is. */
  ours: number
  /** µs per operation, the alternative. */
  theirs: number
}

/** One side of a comparison: an operation, run many times over (a promise is awaited before the next run). */
export type Operation = () => unknown

/** Keeps what an operation returns alive, so that no compiler drops the work. */
let sink: unknown

/** µs per run of `operation`, over `runs` runs in a row. */
async function timed(operation: Operation, runs: number): Promise<number> {
  const start = performance.now()
  for (let run = 0; run < runs; run++) {
    const value = operation()
    sink = value instanceof Promise ? await value : value
  }
  return ((performance.now() - start) * 1000) / runs
}

/** How many runs of `operation` fill `ms`, found while warming it up for about that long. */
async function runsFilling(operation: Operation, ms: number): Promise<number> {
  let runs = 1
  let spent = 0
  for (let total = 0; total < ms; total += spent) {
    spent = ((await timed(operation, runs)) * runs) / 1000
    if (spent < ms / 10) runs *= 4
  }
  return Math.max(1, Math.round((runs * ROUND_MS) / Math.max(spent, 0.001)))
}

/**
 * The median µs per run of each side, over ROUNDS rounds of about ROUND_MS each, the two sides
 * taken in turn (so a change in the machine's load falls on both), after a warm-up of each.
 */
export async function sideBySide(ours: Operation, theirs: Operation): Promise<{ ours: number; theirs: number }> {
  const oursRuns = await runsFilling(ours, 2 * ROUND_MS)
  const theirsRuns = await runsFilling(theirs, 2 * ROUND_MS)
  const measured = { ours: [] as number[], theirs: [] as number[] }
  for (let round = 0; round < ROUNDS; round++) {
    measured.ours.push(await timed(ours, oursRuns))
    measured.theirs.push(await timed(theirs, theirsRuns))
  }
  if (sink === Symbol.for('never')) console.log(sink)
  return { ours: median(measured.ours), theirs: median(measured.theirs) }
}

/** µs to three significant digits, in ms from 1,000 µs. */
function micros(value: number): string {
  if (value >= 1_000) return `${(value / 1_000).toPrecision(3)} ms`
  return `${value >= 100 ? value.toFixed(0) : value.toPrecision(3)} µs`
}

/** A ratio to two significant digits, whole from 10. */
function times(ratio: number): string {
  return `${ratio >= 10 ? Math.round(ratio).toLocaleString('en-US') : ratio.toFixed(1)}×`
}

/** The rows as one markdown table: the choice, each side's µs, and how many times the alternative costs what the code does. */
export function choicesTableOf(rows: readonly ChoiceRow[]): string {
  return [
    '| where | choice | per | the code | the alternative | alternative ÷ code |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| \`${row.where}\` | ${row.choice} | ${row.unit} | ${micros(row.ours)} | ${micros(row.theirs)} | ${times(row.theirs / row.ours)} |`),
  ].join('\n')
}

/** How a row is measured: the choice, then the code as it is and the alternative. */
export type Measure = (row: Omit<ChoiceRow, 'ours' | 'theirs'>, ours: () => unknown, theirs: () => unknown) => Promise<void>

/** `count` distinct addresses, lowercase, as clients and nodes send them. */
export function addresses(count: number, seed: string): Address[] {
  return Array.from({ length: count }, (_, index) => keccak256(toHex(`${seed}${index}`)).slice(0, 42) as Address)
}
