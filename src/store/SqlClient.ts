/**
 * The SQL the store needs from a database: parameterised queries ($1, $2, ...), a session for
 * migrations and transactions. PGlite (embedded) and PostgreSQL (node-postgres) both provide it,
 * so one set of SQL and migrations serves both.
 */
export interface SqlClient {
  query<Row extends Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  /** Runs `work` on one connection (migrations take an advisory lock there). */
  session<T>(work: (query: SqlClient['query']) => Promise<T>): Promise<T>
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (query: SqlClient['query']) => Promise<T>): Promise<T>
  close(): Promise<void>
}
