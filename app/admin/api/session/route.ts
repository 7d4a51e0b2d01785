import { NextResponse } from "next/server";
import {
  currentAdminSession,
  sessionCookieName,
  sessionCookieOptions,
  sessionLifetimeSeconds,
} from "@/lib/admin/admin-access";
import { adminRoute } from "@/lib/admin/admin-route";
import { signInBodySchema } from "@/lib/admin/admin-schemas";
import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { signInAdmin } from "@/lib/admin/sign-in-admin";
import { otherMethods } from "@/lib/http/other-methods";
import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";

// POST /admin/api/session: sign in with the admin secret; sets the signed session cookie
export const POST = adminRoute(
  "POST /admin/api/session",
  { session: false },
  async (request, { client, limits }) => {
    const { secret } = parseBody(signInBodySchema, await readJsonBody(request), () => "bad_json");
    const token = await signInAdmin({ secret, client, limits });
    const response = new NextResponse(null, { status: 204 });
    response.cookies.set(sessionCookieName, token, sessionCookieOptions(request, sessionLifetimeSeconds));
    return response;
  },
);

// DELETE /admin/api/session: sign out; clears the cookie whether or not it was still valid
export const DELETE = adminRoute(
  "DELETE /admin/api/session",
  { session: false },
  async (request, { client }) => {
    if (await currentAdminSession()) await recordAdminAction({ action: "sign_out", client });
    const response = new NextResponse(null, { status: 204 });
    response.cookies.set(sessionCookieName, "", sessionCookieOptions(request, 0));
    return response;
  },
);

export const { GET, HEAD, PUT, PATCH, OPTIONS } = otherMethods("POST", "DELETE");
