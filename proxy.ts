import { NextResponse, type NextRequest } from "next/server";
import { signOutOrigin } from "./lib/people/provider-settings";
import { limitNotePage } from "./lib/rate-limit/limit-note-page";
import { renderedPage } from "./lib/routes/pages";

// Security headers of the web pages (the JSON API, static files and the site's logo are not
// matched: they carry no HTML, skipping them keeps the API's hot paths free of this work, and the
// logo sets a stricter policy of its own). Every page gets a fresh script nonce; Next.js reads it from the request's Content-Security-Policy header and puts it on
// its own scripts. A note's viewer page is also charged to the reads limit here (limitNotePage).

/**
 * The policy every page shares (viewer, create page, admin). Notes keep inline `style` attributes
 * (colour, alignment, ...; the sanitizer allows six properties with checked values), so style
 * attributes are allowed while <style> elements and stylesheets still need 'self' or a nonce.
 * Images in notes may come from any http(s) host: the author chose them, the viewer fetches them
 * only after the reader's click, and no-referrer keeps the note's link from leaking to that host.
 *
 * A trusted note's frame inherits this policy (a srcdoc document does). Its <style> elements get
 * `frameStyleNonce`, a second nonce that admits styles only: the page's own nonce also admits
 * scripts, so it never goes anywhere near the author's markup.
 *
 * Forms post to this site, and the sign-out form's redirect may go on to the provider
 * (OIDC_SIGN_OUT_AT_PROVIDER=1): browsers check a form's redirects against form-action too.
 */
function contentSecurityPolicy(nonce: string, frameStyleNonce: string | null): string {
  const frameStyles = frameStyleNonce ? ` 'nonce-${frameStyleNonce}'` : "";
  const signOutTarget = signOutOrigin();
  const formTargets = signOutTarget ? ` ${signOutTarget}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'${frameStyles}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${formTargets}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Carries the frame's style nonce from here to the viewer page (app/[id]/page.tsx). */
export const FRAME_STYLE_NONCE_HEADER = "x-frame-style-nonce";

const freshNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");

export async function proxy(request: NextRequest) {
  // A note's viewer answers every single segment that is not a page of its own (or its 404).
  const page = renderedPage(request.nextUrl.pathname);
  const notePage = page?.noteViewer === true;
  const limit = notePage ? await limitNotePage(request) : { refused: null, limits: null };
  const nonce = freshNonce();
  // Only a note's viewer can show a trusted frame; other pages admit no styles but their own.
  const frameStyleNonce = notePage ? freshNonce() : null;
  const policy = contentSecurityPolicy(nonce, frameStyleNonce);

  const requestHeaders = new Headers(request.headers);
  if (frameStyleNonce) requestHeaders.set(FRAME_STYLE_NONCE_HEADER, frameStyleNonce);
  requestHeaders.set("content-security-policy", policy);

  const response = limit.refused ?? NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  response.headers.set("referrer-policy", "no-referrer");
  response.headers.set("x-content-type-options", "nosniff");
  if (page?.secretLink) {
    // Note and request links are secrets: keep them out of search engines and out of every cache.
    response.headers.set("x-robots-tag", "noindex, nofollow");
    response.headers.set("cache-control", "no-store");
  }
  return !limit.refused && limit.limits ? limit.limits.applyHeaders(response) : response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|brand/|_next/static|_next/image|favicon.ico).*)",
      // Prefetches render no HTML a nonce would be needed for.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    // A note's viewer page, prefetch or not: the headers above are the client's to send, and the
    // page must not be rendered past the reads limit because of one. (A literal: Next.js reads this
    // config at build time; the id's shape is the viewer's in lib/routes/pages.ts, as its test checks.)
    { source: "/:id([A-Za-z0-9]{10})" },
  ],
};
