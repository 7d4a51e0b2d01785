import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { getNoteMeta } from "@/lib/notes/get-note-meta";
import { toNoteMetaResponse } from "@/lib/notes/note-response";
import { signedInOf } from "@/lib/people/sign-in-gate";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares/[id]/meta", {
  // GET /api/v1/shares/<id>/meta: a note's metadata, without counting a view
  GET: async (request, { id }) => {
    const meta = await getNoteMeta({ id, signedIn: signedInOf(request.headers) });
    return jsonResponse(toNoteMetaResponse(meta), { headers: { "cache-control": "no-store" } });
  },
});
