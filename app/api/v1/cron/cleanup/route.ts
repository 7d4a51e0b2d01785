import { toCleanupResponse } from "@/lib/cron/cleanup-response";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { purgeExpiredNotes } from "@/lib/notes/purge-expired-notes";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/cron/cleanup", {
  // GET /api/v1/cron/cleanup: a platform cron job purges expired and burned notes
  GET: async () => {
    const purged = await purgeExpiredNotes();
    return jsonResponse(toCleanupResponse(purged), { headers: { "cache-control": "no-store" } });
  },
});
