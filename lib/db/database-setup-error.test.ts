import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { adminUrl, asAdmin, createTestDatabase } from "../test/database";
import { describeDatabaseSetupError } from "./database-setup-error";
import { migrateDatabase } from "./migrate";

// Each fault is made for real on the machine's Postgres: a role without CREATE, a read-only
// database, a role or a database that does not exist. (Local connections trust every role here, so
// a wrong password cannot be made; its SQLSTATE is checked on its own.)

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const run = (sql: string) => asAdmin((client) => client.query(sql)).then(() => {});

async function freshDatabase(): Promise<{ name: string; url: URL }> {
  const database = await createTestDatabase("setup_error");
  cleanups.push(database.drop);
  return { name: database.name, url: new URL(database.url) };
}

async function roleWithoutCreate(): Promise<string> {
  const role = `notes_test_role_${randomBytes(4).toString("hex")}`;
  await run(`CREATE ROLE ${role} LOGIN`);
  cleanups.unshift(() => run(`DROP ROLE IF EXISTS ${role}`));
  return role;
}

describe("migrateDatabase explains a database it cannot use, in one line", () => {
  it("names a role that may not create tables", async () => {
    const { name, url } = await freshDatabase();
    url.username = await roleWithoutCreate();
    await expect(migrateDatabase(url.toString())).rejects.toThrow(
      `Role "${url.username}" may not create tables in database "${name}": grant it CREATE on the ` +
        `schema (GRANT CREATE ON SCHEMA public TO "${url.username}") or run npm run db:migrate as the schema's owner.`,
    );
  });

  it("names a read-only database", async () => {
    const { name, url } = await freshDatabase();
    await run(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    await expect(migrateDatabase(url.toString())).rejects.toThrow(
      `The database "${name}" is read-only (a replica?): DATABASE_URL must name the primary.`,
    );
  });

  it("names a role that does not exist", async () => {
    const { url } = await freshDatabase();
    url.username = "notes_no_such_role";
    await expect(migrateDatabase(url.toString())).rejects.toThrow(
      `The database refused role "notes_no_such_role": the password in DATABASE_URL is wrong or the role does not exist.`,
    );
  });

  it("names a database that does not exist", async () => {
    const url = new URL(adminUrl());
    url.pathname = "/notes_no_such_database";
    await expect(migrateDatabase(url.toString())).rejects.toThrow(
      `The database "notes_no_such_database" does not exist: create it (createdb notes_no_such_database) or fix DATABASE_URL.`,
    );
  });

  it("explains a wrong password like an unknown role, and leaves other errors alone", () => {
    const url = "postgres://app:secret@db.example/notes";
    expect(describeDatabaseSetupError({ code: "28P01" }, url)).toBe(
      `The database refused role "app": the password in DATABASE_URL is wrong or the role does not exist.`,
    );
    expect(describeDatabaseSetupError({ code: "57P01" }, url)).toBeNull();
    expect(describeDatabaseSetupError(new Error("boom"), url)).toBeNull();
  });
});
