import { unknownApiRouteError } from "@/lib/http/api-error";
import { errorResponse } from "@/lib/http/respond";

// Any other path under /api/v1: a JSON not_found rather than the site's HTML 404 page, whatever the
// method (OPTIONS too: Next.js's own would answer 204 and list every method here as allowed).
const unknownRoute = async () => errorResponse(unknownApiRouteError());

export const GET = unknownRoute;
export const HEAD = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
export const OPTIONS = unknownRoute;
