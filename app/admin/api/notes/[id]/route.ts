import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { takeDownNote } from "@/lib/admin/take-down-note";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/admin/api/notes/[id]", {
  // DELETE /admin/api/notes/<id>: take a note down (delete it and its content for good)
  DELETE: async (_request, params, { limits, admin }) => {
    const deleted = await takeDownNote({ id: params.id });
    await recordAdminAction({
      action: "note_deleted",
      client: limits.clientId,
      admin,
      subject: deleted.id,
      details: { size_bytes: deleted.size_bytes, page_count: deleted.page_count, key_id: deleted.api_key_id },
    });
    return jsonResponse({ id: deleted.id, deleted: true });
  },
});
