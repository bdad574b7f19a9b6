import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { createRequire } from 'node:module'
import { type Row, tableOf } from './load.js'
import { type ChoiceRow, choicesTableOf } from './sideBySide.js'

/** What a full run measured, and how it ran. */
export interface RunReport {
  rows: Row[]
  /** The choices in the code, each beside its alternative (designChoices.ts). */
  choices: ChoiceRow[]
  /** The shape of the service measured (processes, stores). */
  shape: string
  settings: string
  seconds: number
}

/**
 * BENCHMARKS.md, written whole by a full `npm run bench` and never by hand: how to run it, the
 * machine, the run's one table, what limits each missed figure (each part says, from what it
 * measured), and the figures behind choices in the code, each beside its alternative. Earlier runs
 * are in git history.
 */
export function writeReport(path: string, report: RunReport): void {
  const missed = report.rows.filter((row) => !row.met)
  const text = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}; every cell of its table comes from that run, none is`,
    'edited by hand. Earlier runs are in the git history of this file.',
    '',
    '## How to run',
    '',
    '```sh',
    'DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench   # the full run, which writes this file',
    'BENCH_ONLY=reads,builds npm run bench                          # some parts only: prints, leaves the file alone',
    'BENCH_ONLY=choices npm run bench                               # the figures behind the code alone (under 30 s)',
    'npm run soak                                                   # the soak (its own report, on the terminal)',
    '```',
    '',
    'The service runs as production runs it (the compiled build, an api replica and a refresher over PostgreSQL',
    'and Redis when they are set) over a fresh devnet with extra vaults and pools, load comes from the bench',
    'process (autocannon), and each figure stands beside a ceiling measured in the same run: a bare Fastify',
    'route sending the same bytes, the node answering the same calls itself, or a smaller registry. A ceiling',
    'of `—` marks a budget, which has nothing to be measured against. A read row also measures a second copy of',
    'its bare route in the same turns: how far two identical servers differ in that run. Settings: BENCH_SECONDS, BENCH_ROUNDS,',
    'BENCH_MEMORY_SECONDS, BENCH_REGISTERED, BENCH_FOLLOW_SECONDS, BENCH_INDEX_LOGS, BENCH_FAST_CHAIN_SECONDS, BENCH_SAMPLES (see bench/run.ts).',
    '',
    '## Machine',
    '',
    `${machine()}. The chains, the service, PostgreSQL, Redis and the load generator share its cores: ratios to`,
    'a ceiling measured in the same run are what to read, not absolute figures.',
    '',
    `## Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${commit()}`,
    '',
    `${report.shape}; ${report.settings}. The run took ${report.seconds.toFixed(0)} s.`,
    '',
    tableOf(report.rows),
    '',
    `${report.rows.length - missed.length} of ${report.rows.length} targets met.`,
    '',
    '## What limits each missed figure',
    '',
    ...(missed.length === 0
      ? ['None was missed.']
      : missed.map(
          (row) => `- **${row.figure}** (${row.ratio === '—' ? row.value : `ratio ${row.ratio}`}, target ${row.target}): ${row.limit ?? 'not said'}.`,
        )),
    '',
    ...figuresBehindTheCode(report.choices),
  ].join('\n')
  writeFileSync(path, text)
}

/**
 * The section of the choices in the code that a micro-benchmark can weigh, as `choices` measured
 * them: each the code as it is beside the alternative it was chosen over.
 */
export function figuresBehindTheCode(choices: readonly ChoiceRow[]): string[] {
  return [
    '## Figures behind the code',
    '',
    'Choices in the code weighed by this run (bench/designChoices.ts, alone: `BENCH_ONLY=choices npm run bench`), in the',
    "bench's own process: the code as it is against the alternative it was chosen over (the library's way, or the code",
    'before the change), on the same input, each figure the median µs per operation over seven rounds taken in turn',
    "with the other side's. The comment at each place says why, and points here; a choice only the whole service under",
    'load can weigh has its reason in its comment and no figure.',
    '',
    choicesTableOf(choices),
    '',
  ]
}

function machine(): string {
  const cores = cpus()
  const version = run(createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/bin/anvil'), ['--version'])
  const anvil = /[0-9]+\.[0-9]+\.[0-9]+/.exec(version)?.[0] ?? 'unknown'
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.versions.node}, anvil ${anvil}`
}

function commit(): string {
  const sha = run('git', ['rev-parse', '--short', 'HEAD'])
  const dirty = run('git', ['status', '--porcelain', '--untracked-files=no']) !== ''
  return `commit ${sha}${dirty ? ' with uncommitted changes' : ''}`
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}
