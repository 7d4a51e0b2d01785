import { z } from "zod";
import { adminRoute } from "@/lib/admin/admin-route";
import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { ApiError } from "@/lib/http/api-error";
import { otherMethods } from "@/lib/http/other-methods";
import { jsonResponse } from "@/lib/http/respond";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";

const noSuchKey = () => new ApiError("not_found", "No such key.");

// POST /admin/api/keys/<id>/revoke: revoke a key; the next request that presents it is refused
export const POST = adminRoute<{ id: string }>(
  "POST /admin/api/keys/[id]/revoke",
  { session: true },
  async (_request, { params, client }) => {
    if (!z.uuid().safeParse(params.id).success) throw noSuchKey();
    const revoked = await revokeApiKey({ keyOrId: params.id });
    if (!revoked) throw noSuchKey();
    await recordAdminAction({
      action: "key_revoked",
      client,
      subject: revoked.prefix,
      details: { id: revoked.id, label: revoked.label },
    });
    return jsonResponse({ id: revoked.id, revoked_at: revoked.revokedAt?.toISOString() ?? null });
  },
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
