import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { getNoteEvents } from "@/lib/notes/note-events";
import { emailFailuresOf } from "@/lib/notifications/email-failures";
import { toNoteEventsResponse } from "@/lib/notes/note-response";
import { targetFailuresOf } from "@/lib/webhooks/target-failures";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares/[id]/events", {
  // GET /api/v1/shares/<id>/events: the note's access log, for its owner only
  GET: async (request, { id }, { apiKey, person }) => {
    const events = await getNoteEvents({
      id,
      apiKey,
      person,
      deleteToken: request.headers.get("x-delete-token"),
    });
    const [emails, targets] = await Promise.all([emailFailuresOf(id), targetFailuresOf(id)]);
    return jsonResponse(toNoteEventsResponse(id, events, emails, targets), {
      headers: { "cache-control": "no-store" },
    });
  },
});
