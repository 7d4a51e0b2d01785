import { adminRoute } from "@/lib/admin/admin-route";
import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { takeDownShare } from "@/lib/admin/take-down-share";
import { otherMethods } from "@/lib/http/other-methods";
import { jsonResponse } from "@/lib/http/respond";

// DELETE /admin/api/notes/<id>: take a note down (delete it and its content for good)
export const DELETE = adminRoute<{ id: string }>(
  "DELETE /admin/api/notes/[id]",
  { session: true },
  async (_request, { params, client }) => {
    const deleted = await takeDownShare({ id: params.id });
    await recordAdminAction({
      action: "note_deleted",
      client,
      subject: deleted.id,
      details: { size_bytes: deleted.size_bytes, page_count: deleted.page_count, key_id: deleted.api_key_id },
    });
    return jsonResponse({ id: deleted.id, deleted: true });
  },
);

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
