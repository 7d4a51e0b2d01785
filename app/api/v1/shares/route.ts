import { parseBody } from "@/lib/http/parse-body";
import { publicBaseUrl } from "@/lib/http/public-url";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { authenticateCreate } from "@/lib/keys/authenticate-create";
import { createNote } from "@/lib/notes/create-note";
import { noteMetaUrl, toCreatedNoteResponse } from "@/lib/notes/note-response";
import { createNoteBodySchema, createNoteErrorCode } from "@/lib/notes/note-schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares", {
  // POST /api/v1/shares: create a note
  POST: async (request, _params, limits) => {
    const apiKey = await authenticateCreate({ request, limits });
    const body = parseBody(createNoteBodySchema, await readJsonBody(request), createNoteErrorCode);
    const note = await createNote({ body, apiKey });
    const baseUrl = publicBaseUrl(request);
    return jsonResponse(toCreatedNoteResponse(note, baseUrl), {
      status: 201,
      headers: { location: noteMetaUrl(baseUrl, note.id) },
    });
  },
});
