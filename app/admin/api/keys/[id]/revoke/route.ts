import { z } from "zod";
import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { ApiError } from "@/lib/http/api-error";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";

const noSuchKey = () => new ApiError("not_found", "No such key.");

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/admin/api/keys/[id]/revoke", {
  // POST /admin/api/keys/<id>/revoke: revoke a key; the next request that presents it is refused
  POST: async (_request, params, { limits, admin }) => {
    if (!z.uuid().safeParse(params.id).success) throw noSuchKey();
    const revoked = await revokeApiKey({ keyOrId: params.id });
    if (!revoked) throw noSuchKey();
    await recordAdminAction({
      action: "key_revoked",
      client: limits.clientId,
      admin,
      subject: revoked.prefix,
      details: { id: revoked.id, label: revoked.label },
    });
    return jsonResponse({ id: revoked.id, revoked_at: revoked.revokedAt?.toISOString() ?? null });
  },
});
