import pg from "pg";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { startServer, type ServerProcess } from "./server-process";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

// A server of a spec's own on a fresh database of the real Postgres, which it reaches through a TCP
// proxy the spec cuts and restores (tcp-proxy.ts), and a direct connection for the spec to check
// what was stored.

export type ProxiedServer = {
  proxy: TcpProxy;
  server: ServerProcess;
  /** straight to Postgres, past the proxy */
  sql: pg.Client;
  /** stops the server and the proxy, and drops the database */
  stop: () => Promise<void>;
};

export async function startProxiedServer(options: {
  database: string;
  env: Record<string, string>;
}): Promise<ProxiedServer> {
  const { database } = options;
  await createDatabase(database);
  const proxy = await startTcpProxy({ target: { host: "127.0.0.1", port: 5432 } });
  const server = await startServer({
    env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${database}`, ...options.env },
  });
  const sql = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${database}` });
  await sql.connect();
  return {
    proxy,
    server,
    sql,
    stop: async () => {
      await server.stop("SIGKILL");
      await proxy.close();
      await sql.end();
      await dropDatabase(database);
    },
  };
}
