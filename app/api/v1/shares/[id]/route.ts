import { apiRoute } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/other-methods";
import { authenticateRequest } from "@/lib/keys/authenticate-request";
import { deleteShare } from "@/lib/shares/delete-share";

// DELETE /api/v1/shares/<id>: the owner (its API key, or its delete token) takes a note down
export const DELETE = apiRoute<{ id: string }>("DELETE /api/v1/shares/[id]", async (request, { id }) => {
  const apiKey = await authenticateRequest(request.headers);
  await deleteShare({ id, apiKey, deleteToken: request.headers.get("x-delete-token") });
  return new Response(null, { status: 204 });
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
