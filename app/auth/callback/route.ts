import { env } from "@/lib/env";
import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { finishSignIn, SignInRefused } from "@/lib/people/finish-sign-in";
import { lifetimes } from "@/lib/people/person-sessions";
import { idTokenCookie, sessionCookie } from "@/lib/people/session-cookie";
import { signInFailurePage } from "@/lib/people/sign-in-failure-page";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/auth/callback", {
  // GET /auth/callback: the provider's answer, checked; signed in, on to where the sign-in began
  GET: async (request) => {
    const signedIn = await finishSignIn(request).catch((error: unknown) =>
      signInFailurePage(request, error, error instanceof SignInRefused ? error.returnTo : null),
    );
    if (signedIn instanceof ApiAnswer) return signedIn;
    const { token, returnTo, idTokenHint } = signedIn;
    const maxAge = lifetimes.maxAgeMs / 1000;
    const cookies = [sessionCookie(request, token, maxAge)];
    if (idTokenHint) cookies.push(idTokenCookie(request, idTokenHint, maxAge));
    return new ApiAnswer(null, {
      status: 303,
      headers: { location: `${env.PUBLIC_URL}${returnTo}`, "set-cookie": cookies },
    });
  },
});
