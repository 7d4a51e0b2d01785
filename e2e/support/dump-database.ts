import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/**
 * pg_dump's whole text of the database at `url`, without the rows of the tables `excludeData`, less
 * the random token of its \restrict lines (new in every dump).
 */
export async function pgDump(url: string, excludeData: string[] = []): Promise<string> {
  const exclude = excludeData.map((table) => `--exclude-table-data=${table}`);
  const { stdout } = await run("pg_dump", [...exclude, url], { maxBuffer: 256 * 1024 * 1024 });
  return stdout.replace(/^\\(un)?restrict .*$/gm, "");
}

/** Every row of every table in the database at `url`, as text: what a copy of it would reveal. */
export async function dumpDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const dumps: string[] = [];
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
      dumps.push(`${name}\n${rows.map(({ row }) => row).join("\n")}`);
    }
    return dumps.join("\n");
  } finally {
    await client.end();
  }
}
