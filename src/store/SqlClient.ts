/**
 * The SQL the store needs from a database: parameterised queries ($1, $2, ...), a session for
 * migrations and transactions. PGlite (embedded) and PostgreSQL (node-postgres) both provide it,
 * so one set of SQL and migrations serves both.
 */
export interface SqlClient {
  query<Row extends Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  /** Runs `work` on one connection (migrations take an advisory lock there). */
  session<T>(work: (query: SqlClient['query']) => Promise<T>): Promise<T>
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when
   * it throws. `copy` loads rows into a table there with COPY (PostgreSQL's fastest way in).
   */
  transaction<T>(work: (query: SqlClient['query'], copy: CopyRows) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/**
 * Loads rows into `columns` of `table` with COPY, in the transaction it was given to: `text` in
 * COPY's text format (copyText makes it of rows of values), as a string or UTF-8 bytes.
 */
export type CopyRows = (table: string, columns: readonly string[], text: string | Uint8Array) => Promise<void>

export type CopyValue = string | number | boolean | null

/** The SQL of a COPY of `columns` of `table` from `source` (STDIN, or PGlite's '/dev/blob'), in COPY's text format. */
export function copySql(table: string, columns: readonly string[], source: string): string {
  return `copy ${table} (${columns.join(', ')}) from ${source}`
}

/** `rows` in COPY's text format: tab between values, a line a row, \N for null, backslash escapes for the rest. */
export function copyText(rows: readonly (readonly CopyValue[])[]): string {
  let text = ''
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const value = row[i]
      if (i > 0) text += '\t'
      text += value === null || value === undefined ? '\\N' : copyValue(String(value))
    }
    text += '\n'
  }
  return text
}

const NEEDS_ESCAPE = /[\\\t\n\r]/

/** A value as COPY's text format writes it: backslash, tab, newline and carriage return escaped. */
export function copyValue(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
}
