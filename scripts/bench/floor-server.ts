// The floor of `npm run bench`: the notes API's three hot endpoints as a bare node:http server on a
// pg pool with named prepared statements, with no framework and none of the app's domain code
// (floor-duties.ts holds its statements and sealing, floor-request.ts its checks of a request's
// body). It does the duties a request of the bench needs and no more, so app/floor says how far the
// app is from what node and Postgres allow here:
// - read: the one statement (consume a view under the row lock, or only look at a note without a
//   limit, and insert one access-log row with the reader's fingerprint; an end-to-end note only with
//   its key proof, whose SHA-256 the statement compares), then open the sealed page (AES-256-GCM,
//   content and HTML, or the envelope alone) and answer the app's JSON;
// - meta: one SELECT of the meta columns, JSON out;
// - create: parse, render with the app's renderer (lib/render: the render worker pool, as the app,
//   or BENCH_FLOOR_RENDER=thread on the request thread), seal, one INSERT of note, page and log entry;
//   an end-to-end note's envelope and key proof are checked for shape, nothing is rendered, and the
//   proof's SHA-256 is stored.
// What it skips is listed in docs/benchmarks.md ("What the floor is"). Bad input gets a plain 4xx;
// it is not the measured path.
import http from "node:http";
import { createHmac, createSecretKey, randomBytes } from "node:crypto";
import pg from "pg";
import {
  createStatement,
  floorKeyFrom,
  metaStatement,
  openField,
  randomId,
  readStatement,
  sealField,
  sha256Hex,
  type FloorStatement,
} from "./floor-duties";
import { bodyOf, isEnvelope, isKeyProof, Refused } from "./floor-request";

type Render = (content: string) => Promise<string>;

async function loadRenderer(where: string | undefined): Promise<Render> {
  if (where === "thread") {
    const { renderNote } = await import("../../lib/render/render-note");
    return (content) => Promise.resolve(renderNote(content, "markdown"));
  }
  const { renderNoteInWorker } = await import("../../lib/render/render-pool");
  return (content) => renderNoteInWorker(content, "markdown");
}

const renderer = loadRenderer(process.env.BENCH_FLOOR_RENDER);
const key = floorKeyFrom(process.env.ENCRYPTION_KEYS ?? "");
// The app's pool size by default (DATABASE_POOL_SIZE), so neither has more connections to work with.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
pool.on("error", (error) => console.error("An idle connection failed:", error.message));
// The reader fingerprint's salt lives in memory, as the app's does without Redis (a key made once).
const readerSalt = createSecretKey(randomBytes(32));
const lifetimes: Record<string, number> = { "1h": 3600, "1d": 86_400, "7d": 604_800, "30d": 2_592_000 };

async function rows<T>(statement: FloorStatement, values: unknown[]): Promise<T[]> {
  const result = await pool.query({ ...statement, values });
  return result.rows as T[];
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const noteIdPattern = /^[A-Za-z0-9]{10}$/;
const notFound = () => new Refused(404, "not_found");

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
const noStore = { "cache-control": "no-store" };

type NewPage = { content: string; html: string; encrypted: boolean; proofHash: string | null };

/**
 * The page a create stores: Markdown rendered, or an end-to-end note's envelope, with no HTML, and
 * its key proof's SHA-256 when it has one.
 */
async function pageOf(body: Record<string, unknown>): Promise<NewPage> {
  const { content, encrypted = false, key_proof: proof } = body;
  if (typeof content !== "string" || Buffer.byteLength(content) > 512 * 1024) {
    throw new Refused(400, "bad_content");
  }
  if (encrypted === true && isEnvelope(content) && (proof === undefined || isKeyProof(proof))) {
    return { content, html: "", encrypted, proofHash: proof === undefined ? null : sha256Hex(proof) };
  }
  if (encrypted !== false || proof !== undefined) throw new Refused(400, "bad_envelope");
  return { content, html: await (await renderer)(content), encrypted, proofHash: null };
}

async function create(request: http.IncomingMessage, baseUrl: string): Promise<Reply> {
  const body = await bodyOf(request);
  const { ttl, burn_after: burnAfter = null } = body;
  const lifetime = typeof ttl === "string" ? lifetimes[ttl] : undefined;
  if (lifetime === undefined) throw new Refused(400, "bad_ttl");
  if (burnAfter !== null && !(Number.isInteger(burnAfter) && Number(burnAfter) >= 1)) {
    throw new Refused(400, "bad_burn_after");
  }
  const page = await pageOf(body);
  const id = randomId(10);
  const deleteToken = `ndt_${randomId(43)}`;
  const [note] = await rows<{ id: string; created_at: Date; expires_at: Date; burn_after: number | null }>(
    createStatement,
    [
      id,
      lifetime,
      burnAfter,
      Buffer.byteLength(page.content),
      sha256Hex(deleteToken),
      sealField(key, id, "content", page.content),
      sealField(key, id, "html", page.html),
      key.id,
      page.encrypted,
      page.proofHash,
    ],
  );
  // An id taken already (1 in 62^10): the app tries another; the floor says so.
  if (!note) throw new Refused(409, "id_taken");
  const answer = {
    id: note.id,
    url: `${baseUrl}/${note.id}`,
    created_at: seconds(note.created_at),
    expires_at: seconds(note.expires_at),
    burn_after: note.burn_after,
    password_required: false,
    content_type: "markdown",
    page_count: 1,
    encrypted: page.encrypted,
    owned: false,
    api_key: false,
    delete_token: deleteToken,
  };
  return { status: 201, body: answer, headers: { location: `${baseUrl}/api/v1/shares/${note.id}/meta` } };
}

type ReadRow = {
  id: string;
  created_at: Date;
  expires_at: Date | null;
  burn_after: number | null;
  read_count: number;
  burned: boolean;
  encrypted: boolean;
  content: string;
  content_type: string;
  html: string;
};

async function read(request: http.IncomingMessage, id: string): Promise<Reply> {
  const { key_proof: proof } = await bodyOf(request);
  if (proof !== undefined && typeof proof !== "string") throw new Refused(400, "bad_json");
  if (!noteIdPattern.test(id)) throw notFound();
  const client = request.socket.remoteAddress ?? "";
  const fingerprint = createHmac("sha256", readerSalt).update(`${id}\n${client}`).digest("hex").slice(0, 8);
  const browser = request.headers["user-agent"] ? "other" : null;
  const proofHash = proof === undefined ? null : sha256Hex(proof);
  const [row] = await rows<ReadRow>(readStatement, [id, fingerprint, browser, proofHash]);
  if (!row) throw notFound();
  // An end-to-end note's content is its envelope; its HTML is empty and not answered.
  const answer = {
    id: row.id,
    content: openField(key, row.id, "content", row.content),
    content_type: row.content_type,
    html: row.encrypted ? null : openField(key, row.id, "html", row.html),
    encrypted: row.encrypted,
    created_at: seconds(row.created_at),
    expires_at: seconds(row.expires_at),
    burn_after: row.burn_after,
    remaining_views: row.burn_after === null ? null : Math.max(row.burn_after - row.read_count, 0),
    burned: row.burned,
  };
  return { status: 200, body: answer, headers: noStore };
}

async function meta(id: string): Promise<Reply> {
  if (!noteIdPattern.test(id)) throw notFound();
  const [row] = await rows<Record<string, unknown> & { created_at: Date; expires_at: Date | null }>(
    metaStatement,
    [id],
  );
  if (!row) throw notFound();
  const answer = {
    id: row.id,
    password_required: row.password_required,
    created_at: seconds(row.created_at),
    expires_at: seconds(row.expires_at),
    burn_after: row.burn_after,
    remaining_views: row.remaining_views,
    password_attempts_left: row.password_attempts_left,
    content_type: row.content_type,
    page_count: row.page_count,
    encrypted: row.encrypted,
  };
  return { status: 200, body: answer, headers: noStore };
}

const notePath = /^\/api\/v1\/shares\/([^/]+)\/(read|meta)$/;

function route(request: http.IncomingMessage): Promise<Reply> {
  const path = (request.url ?? "/").split("?", 1)[0] ?? "/";
  const baseUrl = `http://${request.headers.host ?? "localhost"}`;
  if (path === "/api/v1/shares" && request.method === "POST") return create(request, baseUrl);
  const match = notePath.exec(path);
  const id = match?.[1] ?? "";
  if (match?.[2] === "read" && request.method === "POST") return read(request, id);
  if (match?.[2] === "meta" && request.method === "GET") return meta(id);
  return Promise.reject(new Refused(404, "not_found"));
}

function send(response: http.ServerResponse, reply: Reply): void {
  const json = JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    ...reply.headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(json),
  });
  response.end(json);
}

const server = http.createServer((request, response) => {
  route(request).then(
    (reply) => send(response, reply),
    (error: unknown) => {
      if (!(error instanceof Refused)) console.error("The floor failed a request:", error);
      const [status, code] = error instanceof Refused ? [error.status, error.code] : [500, "internal"];
      send(response, { status, body: { error: code, message: code } });
    },
  );
});

const port = Number(process.env.PORT);
server.listen(port, "127.0.0.1", () => console.log(`floor listening on ${port}`));

// A clean exit lets `--cpu-prof` write its profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}
