import { toModeratedNoteResponse } from "@/lib/admin/admin-responses";
import { noteLookupBodySchema } from "@/lib/admin/admin-schemas";
import { findNoteForModeration } from "@/lib/admin/find-note-for-moderation";
import { noteIdFromReference } from "@/lib/admin/note-reference";
import { ApiError } from "@/lib/http/api-error";
import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/admin/api/notes/lookup", {
  // POST /admin/api/notes/lookup: a note's metadata by id or URL, without its content or a view.
  // (POST keeps the note's id, which opens it, out of URLs and logs.)
  POST: async (request) => {
    const { note } = parseBody(noteLookupBodySchema, await readJsonBody(request), () => "bad_json");
    const id = noteIdFromReference(note);
    if (!id) throw new ApiError("not_found", "That is neither a note id nor a note's URL.");
    return jsonResponse(toModeratedNoteResponse(await findNoteForModeration({ id }), id));
  },
});
