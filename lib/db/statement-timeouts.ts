// How long one statement may take (DATABASE_QUERY_TIMEOUT_MS), shared between Postgres and the
// client: Postgres cancels the statement at 90% of it (statement_timeout), which keeps the
// connection usable; the client gives up at the full limit (pg's query_timeout for the migrations'
// client, a silent connection's end for the pool's: lib/db/silent-reads.ts), for a network gone
// silent that never delivers that cancel's error. Either way the caller has its answer, or an
// error that counts as unavailable, within the limit.
export function statementTimeouts(limitMs: number): { statement_timeout: number; query_timeout: number } {
  return { statement_timeout: Math.floor(limitMs * 0.9), query_timeout: limitMs };
}
