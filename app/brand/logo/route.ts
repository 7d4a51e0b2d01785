import { logoVersion } from "@/lib/branding/branding-settings";
import { env } from "@/lib/env";
import { ApiAnswer } from "@/lib/http/api-answer";
import { ApiError } from "@/lib/http/api-error";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/brand/logo", {
  // GET /brand/logo: SITE_LOGO's bytes, read at start. An SVG opened on its own runs nothing: the
  // policy allows no script and sandboxes it.
  GET: async (request) => {
    const logo = env.SITE_LOGO;
    if (!logo) throw new ApiError("not_found", "This site has no logo.");
    // The pages ask for ?v=<the logo's hash>: that address never changes its bytes.
    const versioned = new URL(request.url).searchParams.get("v") === logoVersion(logo);
    const common = {
      etag: logo.etag,
      "cache-control": versioned ? "public, max-age=31536000, immutable" : "no-cache",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    };
    if (request.headers.get("if-none-match") === logo.etag)
      return new ApiAnswer(null, { status: 304, headers: common });
    const body = new Blob([new Uint8Array(logo.bytes)]).stream();
    return new ApiAnswer(body, { headers: { ...common, "content-type": logo.contentType } });
  },
});
