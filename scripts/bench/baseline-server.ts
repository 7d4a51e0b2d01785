// The yardstick of `npm run bench`: the three hot endpoints on bare node:http and a pg.Pool, with
// the app's own SQL (share-sql.ts), validation schema, renderer (the same worker pool as the app's
// create) and response builders, and the app's way of running the statements (pg's pool, prepared).
// What the app costs beyond this is its request handling (Web Request and Response objects, rate
// limits, the request log) and the Next.js runtime it shares a process with (docs/benchmarks.md).
// Covers only what the benchmark sends: no API keys, no passwords, no multi-page notes.
// BENCH_BASELINE_DRIVER=prisma runs the statements through Prisma's $queryRaw instead, which shows
// what Prisma's raw-query layer costs.
import http from "node:http";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { queryPool } from "../../lib/db/pg-statements";
import { env } from "../../lib/env";
import { PrismaClient, type Prisma } from "../../lib/generated/prisma/client";
import { ApiError } from "../../lib/http/api-error";
import { renderNoteInWorker } from "../../lib/render/render-pool";
import { generateDeleteToken, hashDeleteToken } from "../../lib/shares/delete-token";
import { generateShareId, isShareId } from "../../lib/shares/share-id";
import { sharePolicy, ttlSeconds } from "../../lib/shares/share-policy";
import {
  shareMetaUrl,
  toCreatedShareResponse,
  toReadShareResponse,
  toShareMetaResponse,
} from "../../lib/shares/share-response";
import { createShareBodySchema } from "../../lib/shares/share-schemas";
import {
  consumeShareSql,
  foldConsumedRows,
  insertShareSql,
  shareMetaSql,
  sharePasswordHashSql,
  type ConsumedRow,
} from "../../lib/shares/share-sql";

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Row = Record<string, unknown>;

if (!env.DATABASE_URL) throw new Error("The baseline server needs DATABASE_URL.");

// The same pool settings as the app's (lib/db.ts).
const poolConfig = {
  connectionString: env.DATABASE_URL,
  max: env.DATABASE_POOL_SIZE,
  connectionTimeoutMillis: 5_000,
};
// pg opens connections only when queried, so the unused pool costs nothing.
const pool = new pg.Pool(poolConfig);
const prisma =
  process.env.BENCH_BASELINE_DRIVER === "prisma"
    ? new PrismaClient({ adapter: new PrismaPg(poolConfig) })
    : null;

// The app's own way of running these statements (lib/db.ts), so that only the framework differs.
async function query<T>(statement: Prisma.Sql): Promise<T[]> {
  if (prisma) return prisma.$queryRaw<T[]>(statement);
  return queryPool<T>(pool, statement, { prepared: env.DATABASE_PREPARED_STATEMENTS });
}

const maxBodyBytes = 2 * 1024 * 1024;

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBodyBytes) throw new ApiError("too_large", "The request body is over 2 MiB.");
    chunks.push(chunk);
  }
  const text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  if (text.trim() === "") return {};
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError("bad_json", "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

const notFound = () => new ApiError("not_found", "No such note (it may have expired or been burned).");

// POST /api/v1/shares: create a single-page Markdown note, as the app does without a key
async function create(request: http.IncomingMessage, baseUrl: string): Promise<Reply> {
  const parsed = createShareBodySchema.safeParse(await readJson(request));
  if (!parsed.success) throw new ApiError("bad_json", parsed.error.message);
  const body = parsed.data;
  if (body.pages || body.password || body.ttl === undefined) {
    throw new ApiError("bad_json", "The baseline takes content and ttl only.");
  }
  const content = body.content ?? "";
  const sizeBytes = Buffer.byteLength(content);
  if (sizeBytes > sharePolicy.maxContentBytes) throw new ApiError("too_large", "Over 512 KiB.");
  const page = {
    page_index: 0,
    title: null,
    content,
    content_type: "markdown" as const,
    html: await renderNoteInWorker(content, "markdown"),
  };
  const deleteToken = generateDeleteToken();
  const share = {
    lifetime: ttlSeconds[body.ttl],
    burnAfter: body.burn_after ?? null,
    passwordHash: null,
    pages: [page],
    multiPage: false,
    sizeBytes,
    apiKeyId: null,
    deleteTokenHash: hashDeleteToken(deleteToken),
  };
  for (let attempt = 0; attempt < sharePolicy.idAttempts; attempt++) {
    const [row] = await query<Row>(insertShareSql(generateShareId(), share));
    if (!row) continue;
    const created = { ...row, password_required: false, owned: false, delete_token: deleteToken };
    const response = toCreatedShareResponse(created as Parameters<typeof toCreatedShareResponse>[0], baseUrl);
    return { status: 201, body: response, headers: { location: shareMetaUrl(baseUrl, response.id) } };
  }
  throw new ApiError("id_generation_failed", "No free note id.");
}

// POST /api/v1/shares/<id>/read: the no-password path of readShare
async function read(request: http.IncomingMessage, id: string): Promise<Reply> {
  const body = await readJson(request);
  if (!isShareId(id)) throw notFound();
  if (body.password !== undefined && body.password !== "") {
    throw new ApiError("bad_password", "The baseline reads notes without a password only.");
  }
  const share = foldConsumedRows(await query<ConsumedRow>(consumeShareSql(id, null)), false);
  if (!share) {
    const [stored] = await query<{ hash: string | null }>(sharePasswordHashSql(id));
    if (stored?.hash) throw new ApiError("bad_password", "This note needs a password.");
    throw notFound();
  }
  return { status: 200, body: toReadShareResponse(share), headers: { "cache-control": "no-store" } };
}

// GET /api/v1/shares/<id>/meta
async function meta(id: string): Promise<Reply> {
  if (!isShareId(id)) throw notFound();
  const [row] = await query<Parameters<typeof toShareMetaResponse>[0]>(shareMetaSql(id));
  if (!row) throw notFound();
  return { status: 200, body: toShareMetaResponse(row), headers: { "cache-control": "no-store" } };
}

const notePath = /^\/api\/v1\/shares\/([^/]+)\/(read|meta)$/;

function route(request: http.IncomingMessage): Promise<Reply> {
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  const baseUrl = `http://${request.headers.host ?? "localhost"}`;
  if (path === "/api/v1/shares" && request.method === "POST") return create(request, baseUrl);
  const match = notePath.exec(path);
  const id = decodeURIComponent(match?.[1] ?? "");
  if (match?.[2] === "read" && request.method === "POST") return read(request, id);
  if (match?.[2] === "meta" && request.method === "GET") return meta(id);
  return Promise.reject(new ApiError("not_found", "No such API route."));
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

// Requests still rendering when the server stops find the pool closed; that is no bug to report.
let stopping = false;

const server = http.createServer((request, response) => {
  route(request).then(
    (reply) => send(response, reply),
    (error: unknown) => {
      if (error instanceof SyntaxError) error = new ApiError("bad_json", "The body is not valid JSON.");
      if (!(error instanceof ApiError) && !stopping) console.error("Unhandled error:", error);
      const apiError = error instanceof ApiError ? error : new ApiError("internal_error", "Bug.");
      send(response, { status: apiError.status, body: { error: apiError.code, message: apiError.message } });
    },
  );
});

server.listen(env.PORT, "127.0.0.1", () => console.log(`baseline listening on ${env.PORT}`));

// A clean exit lets `--cpu-prof` write its profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    stopping = true;
    server.close();
    server.closeAllConnections();
    void Promise.all([pool.end(), prisma?.$disconnect()]).finally(() => process.exit(0));
  });
}
