import pg from "pg";
import { renderNote } from "../../lib/render/render-note";
import { generateNoteId } from "../../lib/notes/note-id";
import { insertNoteSql } from "../../lib/notes/note-sql";
import { generateSealingKey, sealingKeyFrom } from "../../lib/crypto/seal";
import { sealPage } from "../../lib/notes/note-sealing";

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

/**
 * The read-hot scenario's view limit: more than any run spends, so no read burns the note. Above the
 * API's limit (1000), so the note is stored straight into the database (insertNote).
 */
export const hotNoteViews = 2_000_000_000;

/** `limited`: the 1 KiB note with a view limit (hotNoteViews); null where it cannot be stored. */
export type SeededNotes = { small: string; large: string; limited: string | null };

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

export async function createNote(baseUrl: string, content: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/v1/shares`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: createBody(content),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 201 || typeof body.id !== "string") {
    throw new Error(`Creating a note on ${baseUrl} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

async function call(url: string, method: "GET" | "POST"): Promise<Record<string, unknown>> {
  const init =
    method === "POST" ? { method, headers: { "content-type": "application/json" }, body: "{}" } : {};
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
type Sample = {
  create: Record<string, unknown>;
  read: Record<string, unknown>;
  meta: Record<string, unknown>;
};

/** Creates the 1 KiB note through the server's own API and records its answers. */
export async function seedNotes(
  baseUrl: string,
  stored: { large: string; limited: string | null },
): Promise<{ notes: SeededNotes; sample: Sample }> {
  const small = await createNote(baseUrl, smallNote);
  const notes = { small: String(small.id), ...stored };
  const read = await call(`${baseUrl}/api/v1/shares/${notes.small}/read`, "POST");
  const meta = await call(`${baseUrl}/api/v1/shares/${notes.small}/meta`, "GET");
  return { notes, sample: { create: small, read, meta } };
}

/**
 * Differences between the app's and the baseline's answers, ignoring values that differ by nature
 * (ids, links, times, delete tokens). Empty when the baseline is a fair stand-in.
 */
export function compareSamples(app: Sample, baseline: Sample): string[] {
  const volatile = new Set(["id", "url", "created_at", "expires_at", "delete_token"]);
  const problems: string[] = [];
  for (const kind of ["create", "read", "meta"] as const) {
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
