import pg from "pg";
import { renderNote } from "../../lib/render/render-note";
import { generateNoteId } from "../../lib/notes/note-id";
import { insertNoteSql } from "../../lib/notes/note-sql";
import { generateSealingKey, sealingKeyFrom } from "../../lib/crypto/seal";
import { sealPage } from "../../lib/notes/note-sealing";
import { sealNote } from "../../lib/crypto/envelope";

/** The key both servers seal with (ENCRYPTION_KEYS), so notes inserted here open on either. */
export const benchEncryptionKey = generateSealingKey();

// The notes the benchmark sends and reads: ordinary Markdown (headings, emphasis, lists, links,
// code, a table), so rendering at create time does representative work.

const block = (n: number) => `## Section ${n}

Deploy **step ${n}** of the *runbook*: check [the dashboard](https://status.example.com/${n}) and
run \`make release-${n}\` once the queue is empty. Escalate to \`#ops\` if it stalls.

- [x] drain the workers
- [ ] rotate the key for region eu-${n % 4}
- [ ] confirm the canary > 99.9%

| host | port | state |
|------|------|-------|
| db-${n} | 5432 | ok |

\`\`\`sh
curl -s https://api.example.com/v1/health?shard=${n} | jq .status
\`\`\`

`;

/** Markdown of exactly `bytes` UTF-8 bytes (ASCII only, so characters are bytes). */
function markdownOf(bytes: number): string {
  let text = "# Release notes\n\n";
  for (let n = 1; text.length < bytes; n++) text += block(n);
  return text.slice(0, bytes).trimEnd().padEnd(bytes, ".");
}

export const smallNote = markdownOf(1024);
/** 500 KiB: close to the 512 KiB limit, the largest note the service accepts. */
export const largeNote = markdownOf(500 * 1024);

export const createBody = (content: string) => JSON.stringify({ content, ttl: "1h" });

/** The 1 KiB note sealed end to end: its envelope and the proof of its link's key. */
export type SealedNote = { envelope: string; keyProof: string };

/** Seals the 1 KiB note as the create page and the CLI do by default: the link's key alone, no password. */
export async function sealSmallNote(): Promise<SealedNote> {
  const { envelope, keyProof } = await sealNote(smallNote);
  return { envelope, keyProof };
}

/** What the create page and the CLI send for an end-to-end note (cli/lib/create.js, lib/browser/create-body.ts). */
export const createE2eBody = (sealed: SealedNote) =>
  JSON.stringify({ content: sealed.envelope, key_proof: sealed.keyProof, encrypted: true, ttl: "1h" });

/** A read of an end-to-end note presents its key proof (cli/lib/read.js). */
export const readE2eBody = (sealed: SealedNote) => JSON.stringify({ key_proof: sealed.keyProof });

/**
 * The read-hot scenario's view limit: more than any run spends, so no read burns the note. Above the
 * API's limit (1000), so the note is stored straight into the database (insertNote).
 */
export const hotNoteViews = 2_000_000_000;

/**
 * `large`: the 500 KiB note; null where none is stored (the memory section's servers, which only
 * the seeding's creates and one page should have grown before their load).
 * `limited`: the 1 KiB note with a view limit (hotNoteViews); null where it cannot be stored.
 * `e2e`: the 1 KiB note created end to end through the server's API, with what sealed it.
 */
export type SeededNotes = {
  small: string;
  large: string | null;
  limited: string | null;
  e2e: SealedNote & { id: string };
};

/**
 * Stores a note straight into the database, rendered here exactly as the servers would render it.
 * The 500 KiB note goes in this way: creating it through a server would leave that server's heap
 * grown by the render, which the read scenarios' memory figures should not include.
 */
export async function insertNote(
  databaseUrl: string,
  content: string,
  burnAfter: number | null = null,
): Promise<string> {
  const id = generateNoteId();
  const page = { page_index: 0, title: null, content, content_type: "markdown" as const, raw_html: null };
  const key = sealingKeyFrom(Buffer.from(benchEncryptionKey, "base64url"));
  const statement = insertNoteSql(id, {
    lifetime: 60 * 60,
    burnAfter,
    burnAfterFailures: null,
    passwordHash: null,
    pages: [sealPage(key, id, { ...page, html: renderNote(content, "markdown") })],
    multiPage: false,
    sizeBytes: Buffer.byteLength(content),
    apiKeyId: null,
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>(statement.text, statement.values);
    const id = result.rows[0]?.id;
    if (!id) throw new Error("Inserting a note returned no row.");
    return id;
  } finally {
    await client.end();
  }
}

/** Creates a note through the server's API: `body` is createBody's or createE2eBody's. */
export async function createNote(baseUrl: string, body: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/v1/shares`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 201 || typeof answer.id !== "string") {
    throw new Error(`Creating a note on ${baseUrl} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

async function call(url: string, method: "GET" | "POST", body = "{}"): Promise<Record<string, unknown>> {
  const init = method === "POST" ? { method, headers: { "content-type": "application/json" }, body } : {};
  const response = await fetch(url, init);
  if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Opens a note's web page once, as the first visitor of a shared link would. A production server
 * serves pages as well as the API, and the first page changes how fast the API runs for the rest of
 * the process's life: Next.js starts its AsyncLocalStorage contexts, and on Node 20 that puts a hook
 * on every promise and async resource the process creates (docs/benchmarks.md). Measuring without a
 * page would report a server that no deployment runs.
 */
export async function servePage(baseUrl: string, id: string): Promise<void> {
  const response = await fetch(`${baseUrl}/${id}`);
  await response.text();
  if (response.status !== 200) throw new Error(`GET ${baseUrl}/${id} answered ${response.status}`);
}

/** What a server answers to each benchmarked call, for comparing app and baseline. */
type Sample = Record<"create" | "read" | "meta" | "e2e-create" | "e2e-read", Record<string, unknown>>;

/**
 * Creates the 1 KiB note through the server's own API, plainly and end to end (`sealed`: the same
 * envelope on every server, so their answers compare), and records its answers.
 */
export async function seedNotes(
  baseUrl: string,
  stored: { large: string | null; limited: string | null },
  sealed: SealedNote,
): Promise<{ notes: SeededNotes; sample: Sample }> {
  const small = await createNote(baseUrl, createBody(smallNote));
  const e2eCreate = await createNote(baseUrl, createE2eBody(sealed));
  const notes = { small: String(small.id), ...stored, e2e: { id: String(e2eCreate.id), ...sealed } };
  const read = await call(`${baseUrl}/api/v1/shares/${notes.small}/read`, "POST");
  const meta = await call(`${baseUrl}/api/v1/shares/${notes.small}/meta`, "GET");
  const e2eRead = await call(`${baseUrl}/api/v1/shares/${notes.e2e.id}/read`, "POST", readE2eBody(sealed));
  return { notes, sample: { create: small, read, meta, "e2e-create": e2eCreate, "e2e-read": e2eRead } };
}

/**
 * Differences between the app's and the baseline's answers, ignoring values that differ by nature
 * (ids, links, times, delete tokens). Empty when the baseline is a fair stand-in.
 */
export function compareSamples(app: Sample, baseline: Sample): string[] {
  const volatile = new Set(["id", "url", "created_at", "expires_at", "delete_token"]);
  const problems: string[] = [];
  for (const kind of ["create", "read", "meta", "e2e-create", "e2e-read"] as const) {
    const a = app[kind];
    const b = baseline[kind];
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      if (volatile.has(key)) continue;
      if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) problems.push(`${kind}.${key}`);
    }
    if (Object.keys(a).join() !== Object.keys(b).join()) problems.push(`${kind}: field order`);
  }
  return problems;
}
