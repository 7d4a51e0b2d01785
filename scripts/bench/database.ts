import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { migrateDatabase } from "../../lib/db/migrate";
import { createBody, createNote, hotNoteViews, insertNote, largeNote, smallNote } from "./fixtures";
import type { ServerKind } from "./servers";

// The database `npm run bench` measures on (BENCH_DATABASE):
// - postgres: a throw-away database on the machine's Postgres, shared by app and baseline; the
//   500 KiB note and read-hot's note are stored straight into it (fixtures.ts's insertNote). The
//   floor (floor-server.ts) runs on it too.
// - embedded: what `npm start` runs without DATABASE_URL. Each server opens its own PGlite in a
//   fresh DATA_DIR under .bench (only one process may open one), so the baseline is the same bare
//   server on the same embedded database code; the 500 KiB note is created through each server's
//   API, so the read scenarios' memory includes its one render. No floor (it speaks to Postgres
//   only), and no read-hot (its view limit is above what the API accepts).

export const databaseKinds = ["postgres", "embedded"] as const;
type DatabaseKind = (typeof databaseKinds)[number];

export type BenchDatabase = {
  kind: DatabaseKind;
  /** the Postgres database the backends work for (cpu.ts); a name no backend has when embedded */
  name: string;
  version: string;
  /** the variables that point server `kind` at its database */
  envFor: (kind: ServerKind) => Record<string, string>;
  /** whether the floor can run on it */
  floor: boolean;
  /** the 500 KiB note's and read-hot's note's ids on the server at `url` */
  storedNotes: (url: string) => Promise<{ large: string; limited: string | null }>;
  remove: () => Promise<void>;
};

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>("SHOW server_version");
    return `Postgres ${result.rows[0]?.server_version ?? "unknown"}, database ${client.database}`;
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database on the machine's Postgres, `notes_bench_<random>`. */
export async function migratedPostgres(): Promise<{
  name: string;
  url: string;
  remove: () => Promise<void>;
}> {
  const name = `notes_bench_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(name);
  const remove = () => dropDatabase(name);
  try {
    await migrateDatabase(url);
    return { name, url, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function sharedPostgres(): Promise<BenchDatabase> {
  const { name, url, remove } = await migratedPostgres();
  try {
    console.log("Rendering and storing the 500 KiB note (a few seconds)...");
    const stored = {
      large: await insertNote(url, largeNote),
      limited: await insertNote(url, smallNote, hotNoteViews),
    };
    const version = await postgresVersion(url);
    return {
      kind: "postgres",
      name,
      version,
      envFor: () => ({ DATABASE_URL: url }),
      floor: true,
      storedNotes: () => Promise.resolve(stored),
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

function embeddedPerServer(): BenchDatabase {
  // On the checkout's disk, not a tmpfs, where an fsync would cost nothing.
  const folder = mkdtempSync(path.resolve(".bench/embedded-"));
  const { version } = JSON.parse(readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")) as {
    version: string;
  };
  return {
    kind: "embedded",
    name: "(embedded)",
    version: `PGlite ${version} (embedded, DATA_DIR in ${folder})`,
    envFor: (kind) => ({ DATABASE_URL: "", DATA_DIR: path.join(folder, kind) }),
    floor: false,
    storedNotes: async (url) => ({
      large: String((await createNote(url, createBody(largeNote))).id),
      limited: null,
    }),
    remove: () => Promise.resolve(rmSync(folder, { recursive: true, force: true })),
  };
}

export function openBenchDatabase(kind: DatabaseKind): Promise<BenchDatabase> {
  return kind === "postgres" ? sharedPostgres() : Promise.resolve(embeddedPerServer());
}
