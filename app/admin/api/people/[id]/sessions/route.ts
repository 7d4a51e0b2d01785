import { endPersonSessions } from "@/lib/admin/end-person-sessions";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  "/admin/api/people/[id]/sessions",
  {
    // DELETE /admin/api/people/<id>/sessions: end every session of a person at once
    DELETE: async (_request, params, { limits, admin }) => {
      const { ended } = await endPersonSessions({ personId: params.id, admin, client: limits.clientId });
      return jsonResponse({ id: params.id, sessions_ended: ended });
    },
  },
);
