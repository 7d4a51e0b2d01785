import { parseBody } from "@/lib/http/parse-body";
import { createIdempotencyOf } from "@/lib/idempotency/idempotency-key";
import { publicBaseUrl } from "@/lib/http/public-url";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { createNote } from "@/lib/notes/create-note";
import { listKeyNotes } from "@/lib/notes/list-key-notes";
import { noteMetaUrl, toCreatedNoteResponse, toKeyNotesResponse } from "@/lib/notes/note-response";
import { createNoteBodySchema, createNoteErrorCode } from "@/lib/notes/note-schemas";
import { notifyTargetOf } from "@/lib/notifications/notify-request";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares", {
  // GET /api/v1/shares: the key's notes, newest first
  GET: async (request, _params, { apiKey }) => {
    const { notes, nextCursor } = await listKeyNotes(apiKey, new URL(request.url).searchParams);
    return jsonResponse(toKeyNotesResponse(notes, nextCursor, publicBaseUrl(request)), {
      headers: { "cache-control": "no-store" },
    });
  },
  // POST /api/v1/shares: create a note
  POST: async (request, _params, { apiKey, person, limits }) => {
    const json = await readJsonBody(request);
    const body = parseBody(createNoteBodySchema, json, createNoteErrorCode);
    const createdBy = apiKey ? `key:${apiKey.id}` : `client:${limits.clientId}`;
    const idempotency = createIdempotencyOf(request.headers, json, createdBy);
    const notify = await notifyTargetOf("note", body, request, { limits, apiKey, person });
    const note = await createNote({ body, apiKey, person, idempotency, client: limits.clientId, notify });
    const baseUrl = publicBaseUrl(request);
    return jsonResponse(toCreatedNoteResponse(note, baseUrl), {
      status: 201,
      headers: { location: noteMetaUrl(baseUrl, note.id) },
    });
  },
});
