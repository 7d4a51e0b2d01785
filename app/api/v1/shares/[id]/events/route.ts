import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { getNoteEvents } from "@/lib/notes/note-events";
import { emailFailuresOf } from "@/lib/notifications/email-failures";
import { toNoteEventsResponse } from "@/lib/notes/note-response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares/[id]/events", {
  // GET /api/v1/shares/<id>/events: the note's access log, for its owner only
  GET: async (request, { id }, { apiKey, person }) => {
    const events = await getNoteEvents({
      id,
      apiKey,
      person,
      deleteToken: request.headers.get("x-delete-token"),
    });
    const failures = await emailFailuresOf(id);
    return jsonResponse(toNoteEventsResponse(id, events, failures), {
      headers: { "cache-control": "no-store" },
    });
  },
});
