import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { signOutPerson } from "@/lib/people/sign-out-person";
import { idTokenCookie, sessionCookie } from "@/lib/people/session-cookie";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/auth/sign-out", {
  // POST /auth/sign-out: ends the session on the server and clears the cookies (whether or not it
  // was still valid)
  POST: async (request) => {
    const location = await signOutPerson(request.headers);
    const cookies = [sessionCookie(request, "", 0), idTokenCookie(request, "", 0)];
    return new ApiAnswer(null, { status: 303, headers: { location, "set-cookie": cookies } });
  },
});
