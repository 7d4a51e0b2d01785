import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The database rule (docs/development.md): each table is reached one way only. The tables the hot
// paths write in one statement, and those their statements join, belong to our SQL modules (run
// with queryRows); the rest belong to the Prisma client's model methods. Unit tests follow it too;
// the e2e specs read the database from outside with pg, as an operator's dump would be read.

const ourSql = [
  "shares",
  "share_pages",
  "note_events",
  "kept_answers",
  "note_files",
  "file_chunks",
  "file_grants",
  "requests",
  "request_answers",
  "api_keys",
  "webhooks",
  "webhook_deliveries",
  "webhook_outbox_cursor",
  "notify_targets",
  "notify_opt_outs",
  "notify_sends",
];
const prismaModels = [
  "admin_audit_log",
  "admin_sessions",
  "sealing_keys",
  "plaintext_fallback",
  "people",
  "person_sessions",
  "pending_sign_ins",
];

/** Each model's table, from `prisma/schema.prisma` (`model Note { … @@map("shares") }`). */
async function modelTables(): Promise<Map<string, string>> {
  const schema = await readFile("prisma/schema.prisma", "utf8");
  const tables = new Map<string, string>();
  for (const [, model, body] of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const table = /@@map\("(\w+)"\)/.exec(body ?? "")?.[1];
    if (model && table) tables.set(model[0]?.toLowerCase() + model.slice(1), table);
  }
  return tables;
}

async function sources(): Promise<{ file: string; text: string }[]> {
  const roots = ["lib", "app", "scripts", "cli"];
  const files = (
    await Promise.all(
      roots.map(async (root) =>
        (await readdir(root, { recursive: true })).map((file) => path.join(root, file)),
      ),
    )
  )
    .flat()
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith(path.join("lib", "generated")));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, "utf8") })));
}

/**
 * The text of a source's template literals, nested ones included: where our statements are written
 * (Prisma.sql`…`). A query in a quoted string (a migration test's own pg client) is not ours.
 */
function templateTexts(source: string): string {
  let text = "";
  let depth = 0; // template nesting: odd levels are inside a template
  const braces: number[] = []; // open braces of each ${ … } being read
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    const inTemplate = depth > 0 && braces.length < depth;
    if (inTemplate) {
      if (char === "\\") {
        i++;
      } else if (char === "`") {
        depth--;
      } else if (char === "$" && source[i + 1] === "{") {
        braces.push(0);
        i++;
      } else {
        text += char;
      }
    } else if (char === "`") {
      depth++;
      text += " ";
    } else if (braces.length > 0 && char === "{") {
      braces.push((braces.pop() ?? 0) + 1);
    } else if (braces.length > 0 && char === "}") {
      const open = braces.pop() ?? 0;
      if (open > 0) braces.push(open - 1);
    }
  }
  return text;
}

/** Where each table is reached: by a Prisma model method, and by a statement of ours. */
async function reaches() {
  const tables = await modelTables();
  const byPrisma = new Map<string, Set<string>>();
  const bySql = new Map<string, Set<string>>();
  const note = (map: Map<string, Set<string>>, table: string, file: string) =>
    map.set(table, (map.get(table) ?? new Set()).add(file));
  for (const { file, text } of await sources()) {
    for (const [, model] of text.matchAll(/\b(?:prisma|tx)\.(\w+)\.\w+\(/g)) {
      const table = tables.get(model ?? "");
      if (table) note(byPrisma, table, file);
    }
    for (const [, table] of templateTexts(text).matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?(\w+)"?/g)) {
      if (table && [...tables.values()].includes(table)) note(bySql, table, file);
    }
  }
  return { tables: [...tables.values()], byPrisma, bySql };
}

describe("the database rule", () => {
  it("gives every table one owner", async () => {
    const { tables } = await reaches();
    expect([...ourSql, ...prismaModels].sort()).toEqual([...tables].sort());
  });

  it("reaches our SQL's tables only through statements, the others only through Prisma's models", async () => {
    const { byPrisma, bySql } = await reaches();
    for (const table of ourSql) expect([table, [...(byPrisma.get(table) ?? [])]]).toEqual([table, []]);
    for (const table of prismaModels) expect([table, [...(bySql.get(table) ?? [])]]).toEqual([table, []]);
  });

  it("finds both kinds of reach (so that the rule above is not vacuous)", async () => {
    const { byPrisma, bySql } = await reaches();
    expect(byPrisma.get("admin_sessions")?.has(path.join("lib", "admin", "admin-access.ts"))).toBe(true);
    expect(bySql.get("api_keys")?.has(path.join("lib", "keys", "api-key-sql.ts"))).toBe(true);
  });
});
