import type { Socket } from "node:net";
import type pg from "pg";

// The client's own limit on a statement's answer, for a network gone silent (Postgres's
// statement_timeout cannot act when nothing reaches it). pg's `query_timeout` did this with a timer
// per statement whose closure held the statement and its caller: on Node 24 the scavenger then
// promoted every request's objects to the old generation (docs/benchmarks.md). Here each
// connection's socket has an idle timeout while it is lent out, which Node keeps as one timer per
// socket: a connection that stays silent that long is destroyed with the error pg's option raised,
// which fails the statement in flight as "may have run" (database-unavailable.ts). A connection
// idle in the pool is left alone, as before.

/** The error a statement fails with when its connection stayed silent too long (pg's own words). */
export const silentReadMessage = "Query read timeout";

const socketOf = (client: pg.PoolClient) =>
  (client as unknown as { connection: { stream: Socket } }).connection.stream;

/** Destroys a connection of `pool` that stays silent for `limitMs` while lent out. */
export function limitSilentReads(pool: pg.Pool, limitMs: number): void {
  pool.on("connect", (client) => {
    const socket = socketOf(client);
    socket.on("timeout", () => socket.destroy(new Error(silentReadMessage)));
  });
  pool.on("acquire", (client) => socketOf(client).setTimeout(limitMs));
  pool.on("release", (_error, client) => socketOf(client).setTimeout(0));
}
