// The yardstick of `npm run bench`: the notes API's three hot endpoints on bare node:http, doing what
// the app's route handlers do with the same code: the same body parsing and zod schema, the same
// domain functions (createNote, readNote, getNoteMeta, so the same SQL, database pool and render
// pool), the same response builders. What it leaves out is what app/baseline measures: Next.js (its
// compiled route modules, its async context tracking, the Web Request and Response every request
// becomes) and the front door (the front server's request id and log line, the rate limit every
// request is charged, the API key check). The benchmark sends no keys, so notes are created keyless.
// Its database is the one the environment names, as for the app: DATABASE_URL, else the embedded one.
import http from "node:http";
import { env } from "../../lib/env";
import { unknownApiRouteError } from "../../lib/http/api-error";
import { parseBody } from "../../lib/http/parse-body";
import { maxBodyBytes, parseJsonBody, tooLarge } from "../../lib/http/read-json-body";
import { toErrorResponse } from "../../lib/http/respond";
import { RequestLimits } from "../../lib/rate-limit/request-limits";
import { runShutdownHooks } from "../../lib/process/shutdown-hooks";
import { createNote } from "../../lib/notes/create-note";
import { getNoteMeta } from "../../lib/notes/get-note-meta";
import { readerOf } from "../../lib/notes/reader";
import { readNote } from "../../lib/notes/read-note";
import { signedInOf } from "../../lib/people/sign-in-gate";
import {
  noteMetaUrl,
  toCreatedNoteResponse,
  toReadNoteResponse,
  toNoteMetaResponse,
} from "../../lib/notes/note-response";
import { createNoteBodySchema, createNoteErrorCode, readNoteBodySchema } from "../../lib/notes/note-schemas";

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

async function readBody(request: http.IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBodyBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const noStore = { "cache-control": "no-store" };

// POST /api/v1/shares: create a note, as the app does for a request without an API key
async function create(request: http.IncomingMessage, baseUrl: string): Promise<Reply> {
  const body = parseBody(createNoteBodySchema, parseJsonBody(await readBody(request)), createNoteErrorCode);
  const note = await createNote({ body, apiKey: null });
  const headers = { location: noteMetaUrl(baseUrl, note.id) };
  return { status: 201, body: toCreatedNoteResponse(note, baseUrl), headers };
}

// POST /api/v1/shares/<id>/read: read a note, counting one view
async function read(request: http.IncomingMessage, id: string, baseUrl: string): Promise<Reply> {
  const raw = parseJsonBody(await readBody(request), { emptyAsObject: true });
  const body = parseBody(readNoteBodySchema, raw, () => "bad_json");
  // readNote charges password attempts only; with no front server in front there is no client
  // address, so password readers of the baseline share one limit. The benchmark sends none.
  const limits = new RequestLimits(new Headers());
  const headers = new Headers({ "user-agent": request.headers["user-agent"] ?? "" });
  const reader = await readerOf(id, headers, limits.clientId);
  const signedIn = signedInOf(headers);
  const note = await readNote({
    id,
    password: body.password,
    keyProof: body.key_proof,
    limits,
    reader,
    signedIn,
  });
  return { status: 200, body: toReadNoteResponse(note, () => baseUrl), headers: noStore };
}

// GET /api/v1/shares/<id>/meta: a note's metadata, without counting a view. The benchmark's notes
// are not for members only, so neither server looks a session up, and the baseline has no cookie.
async function meta(id: string): Promise<Reply> {
  const note = await getNoteMeta({ id, signedIn: signedInOf(new Headers()) });
  return { status: 200, body: toNoteMetaResponse(note), headers: noStore };
}

const notePath = /^\/api\/v1\/shares\/([^/]+)\/(read|meta)$/;

async function route(request: http.IncomingMessage): Promise<Reply> {
  const path = (request.url ?? "/").split("?", 1)[0] ?? "/";
  if (path === "/api/v1/shares" && request.method === "POST") {
    return create(request, `http://${request.headers.host ?? "localhost"}`);
  }
  const match = notePath.exec(path);
  const id = decodeURIComponent(match?.[1] ?? "");
  if (match?.[2] === "read" && request.method === "POST") {
    return read(request, id, `http://${request.headers.host ?? "localhost"}`);
  }
  if (match?.[2] === "meta" && request.method === "GET") return meta(id);
  throw unknownApiRouteError();
}

function send(response: http.ServerResponse, status: number, headers: object, json: string): void {
  response.writeHead(status, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(json),
  });
  response.end(json);
}

// Errors take the app's own path to their answer (status, JSON shape, logging).
function sendError(response: http.ServerResponse, error: unknown): void {
  const answer = toErrorResponse(error, "baseline");
  send(response, answer.status, Object.fromEntries(answer.headers), String(answer.body));
}

const server = http.createServer((request, response) => {
  route(request).then(
    (reply) => send(response, reply.status, reply.headers ?? {}, JSON.stringify(reply.body)),
    (error: unknown) => sendError(response, error),
  );
});

server.listen(env.PORT, "127.0.0.1", () => console.log(`baseline listening on ${env.PORT}`));

// A clean exit lets `--cpu-prof` write its profile; the shutdown hooks close lib/db.ts's pool.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void runShutdownHooks().finally(() => process.exit(0));
  });
}
