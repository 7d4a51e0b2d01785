import { sessionCookie, sessionLifetimeSeconds } from "@/lib/admin/admin-access";
import { signInBodySchema } from "@/lib/admin/admin-schemas";
import { signInAdmin } from "@/lib/admin/sign-in-admin";
import { signOutAdmin } from "@/lib/admin/sign-out-admin";
import { ApiAnswer } from "@/lib/http/api-answer";
import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/admin/api/session", {
  // POST /admin/api/session: sign in with the admin secret; sets the signed session cookie
  POST: async (request, _params, { limits }) => {
    const { secret } = parseBody(signInBodySchema, await readJsonBody(request), () => "bad_json");
    const token = await signInAdmin({ secret, client: limits.clientId });
    const cookie = sessionCookie(request, token, sessionLifetimeSeconds);
    return new ApiAnswer(null, { status: 204, headers: { "set-cookie": cookie } });
  },

  // DELETE /admin/api/session: sign out; ends the session on the server and clears the cookie
  // (whether or not it was still valid)
  DELETE: async (request, _params, { limits }) => {
    await signOutAdmin({ client: limits.clientId });
    return new ApiAnswer(null, { status: 204, headers: { "set-cookie": sessionCookie(request, "", 0) } });
  },
});
