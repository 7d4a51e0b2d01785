import { env } from "@/lib/env";
import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { finishSignIn } from "@/lib/people/finish-sign-in";
import { lifetimes } from "@/lib/people/person-sessions";
import { sessionCookie } from "@/lib/people/session-cookie";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/auth/callback", {
  // GET /auth/callback: the provider's answer, checked; signed in, on to where the sign-in began
  GET: async (request) => {
    const { token, returnTo } = await finishSignIn(request);
    const cookie = sessionCookie(request, token, lifetimes.maxAgeMs / 1000);
    return new ApiAnswer(null, {
      status: 303,
      headers: { location: `${env.PUBLIC_URL}${returnTo}`, "set-cookie": cookie },
    });
  },
});
