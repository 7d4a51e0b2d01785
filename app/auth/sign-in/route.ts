import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { returnToPath } from "@/lib/people/return-to";
import { signInCookie } from "@/lib/people/session-cookie";
import { signInFailurePage } from "@/lib/people/sign-in-failure-page";
import { startSignIn } from "@/lib/people/start-sign-in";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/auth/sign-in", {
  // GET /auth/sign-in: straight to the provider, with this browser's sign-in cookie
  GET: async (request) => {
    const returnTo = new URL(request.url).searchParams.get("return_to");
    const started = await startSignIn(returnTo).catch((error: unknown) =>
      // Trying again keeps a return_to that is a path on this site, and drops one that is not.
      signInFailurePage(request, error, returnTo && returnToPath(returnTo)),
    );
    if (started instanceof ApiAnswer) return started;
    const { location, browser } = started;
    return new ApiAnswer(null, {
      status: 302,
      headers: { location, "set-cookie": signInCookie(request, browser) },
    });
  },
});
