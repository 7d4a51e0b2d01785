import pg from "pg";

/** Every row of every table in the database at `url`, as text (bytea as hex), to search for secrets. */
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
