// `npm run keys -- issue --label NAME | revoke KEY_OR_ID | list`: API keys from the command line.
// The admin page calls the same domain functions.
import { parseArgs } from "node:util";
import { issueApiKey } from "../lib/keys/issue-api-key";
import { listApiKeys } from "../lib/keys/list-api-keys";
import { revokeApiKey } from "../lib/keys/revoke-api-key";
import { runCommand } from "./run-command";

const usage = `Usage:
  npm run keys -- issue --label NAME   issue a key (printed once, alone on the last line)
  npm run keys -- revoke KEY_OR_ID     revoke a key by the key itself, its id or its prefix
  npm run keys -- list                 list keys`;

const iso = (date: Date | null) => (date ? date.toISOString() : "-");

/** Columns padded to their widest cell and two spaces apart: readable, and easy to cut or grep. */
function printTable(rows: Record<string, string | number>[]): void {
  const [first] = rows;
  if (!first) {
    console.log("No keys yet.");
    return;
  }
  const columns = Object.keys(first);
  const cells = [columns, ...rows.map((row) => columns.map((column) => String(row[column])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? "").length)));
  for (const line of cells) {
    console.log(
      line
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    );
  }
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { label: { type: "string" } },
  });
  const [command, argument] = positionals;

  if (command === "issue" && values.label?.trim()) {
    const issued = await issueApiKey({ label: values.label });
    console.log(`Issued key ${issued.id} (${issued.prefix}…) labelled "${issued.label}".`);
    console.log("Store it now: it is shown only this once.");
    console.log(issued.key);
    return 0;
  }
  if (command === "revoke" && argument) {
    const revoked = await revokeApiKey({ keyOrId: argument });
    if (!revoked) {
      console.error(`No key matches ${argument}.`);
      return 1;
    }
    console.log(
      `Revoked key ${revoked.id} (${revoked.prefix}…) "${revoked.label}" at ${iso(revoked.revokedAt)}.`,
    );
    return 0;
  }
  if (command === "list") {
    const keys = await listApiKeys();
    printTable(
      keys.map((key) => ({
        id: key.id,
        label: key.label,
        prefix: key.prefix,
        created: iso(key.createdAt),
        "last used": iso(key.lastUsedAt),
        "notes created": key.notesCreated,
        revoked: iso(key.revokedAt),
      })),
    );
    return 0;
  }
  console.error(usage);
  return 2;
}

runCommand(main);
