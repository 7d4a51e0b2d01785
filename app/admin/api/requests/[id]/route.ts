import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { takeDownRequest } from "@/lib/admin/take-down-request";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/admin/api/requests/[id]", {
  // DELETE /admin/api/requests/<id>: take a request down (delete it and its answers for good)
  DELETE: async (_request, params, { limits, admin }) => {
    const deleted = await takeDownRequest({ id: params.id });
    await recordAdminAction({
      action: "request_deleted",
      client: limits.clientId,
      admin,
      subject: deleted.id,
    });
    return jsonResponse({ id: deleted.id, deleted: true });
  },
});
