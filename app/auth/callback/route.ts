import { env } from "@/lib/env";
import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { finishSignIn, SignInRefused } from "@/lib/people/finish-sign-in";
import { lifetimes } from "@/lib/people/person-sessions";
import { idTokenCookie, sessionCookie, signInCookie } from "@/lib/people/session-cookie";
import { signInFailurePage } from "@/lib/people/sign-in-failure-page";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/auth/callback", {
  // GET /auth/callback: the provider's answer, checked; signed in, on to where the sign-in began.
  // A callback whose state was this browser's sign-in ends it, signed in or refused, and clears the
  // cookie that bound it; one with an unknown or forged state leaves a sign-in under way alone.
  GET: async (request) => {
    const signInOver = signInCookie(request, "", 0);
    const signedIn = await finishSignIn(request).catch((error: unknown) => {
      const refused = error instanceof SignInRefused ? error : null;
      const answer = signInFailurePage(request, error, refused?.returnTo ?? null);
      if (refused && refused.code !== "bad_sign_in_state") answer.headers.set("set-cookie", signInOver);
      return answer;
    });
    if (signedIn instanceof ApiAnswer) return signedIn;
    const { token, returnTo, idTokenHint } = signedIn;
    const maxAge = lifetimes.maxAgeMs / 1000;
    const cookies = [sessionCookie(request, token, maxAge), signInOver];
    if (idTokenHint) cookies.push(idTokenCookie(request, idTokenHint, maxAge));
    return new ApiAnswer(null, {
      status: 303,
      headers: { location: `${env.PUBLIC_URL}${returnTo}`, "set-cookie": cookies },
    });
  },
});
