import { ApiError } from "@/lib/http/api-error";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { revokePersonKey } from "@/lib/keys/person-keys";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/me/api/keys/[id]/revoke", {
  // POST /me/api/keys/<id>/revoke: revoke one of the person's own keys; another's is not_found
  POST: async (_request, params, { person }) => {
    const revoked = await revokePersonKey(person, params.id);
    if (!revoked) throw new ApiError("not_found", "No such key.");
    return jsonResponse({ id: revoked.id, revoked_at: revoked.revokedAt?.toISOString() ?? null });
  },
});
