import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { signInCookie } from "@/lib/people/session-cookie";
import { startSignIn } from "@/lib/people/start-sign-in";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/auth/sign-in", {
  // GET /auth/sign-in: straight to the provider, with this browser's sign-in cookie
  GET: async (request) => {
    const { location, browser } = await startSignIn(new URL(request.url).searchParams.get("return_to"));
    return new ApiAnswer(null, {
      status: 302,
      headers: { location, "set-cookie": signInCookie(request, browser) },
    });
  },
});
