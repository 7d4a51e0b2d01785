import { readJsonBody } from "@/lib/http/read-json-body";
import { publicBaseUrl } from "@/lib/http/public-url";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { parseBody } from "@/lib/http/parse-body";
import { idempotencyKeyOf } from "@/lib/idempotency/idempotency-key";
import { readNote } from "@/lib/notes/read-note";
import { readerOf } from "@/lib/notes/reader";
import { toReadNoteResponse } from "@/lib/notes/note-response";
import { readNoteBodySchema } from "@/lib/notes/note-schemas";
import { signedInOf } from "@/lib/people/sign-in-gate";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares/[id]/read", {
  // POST /api/v1/shares/<id>/read: read a note, counting one view
  POST: async (request, { id }, { limits }) => {
    const body = parseBody(
      readNoteBodySchema,
      await readJsonBody(request, { emptyAsObject: true }),
      () => "bad_json",
    );
    const reader = await readerOf(id, request.headers, limits.clientId);
    const idempotencyKey = idempotencyKeyOf(request.headers);
    const note = await readNote({
      id,
      password: body.password,
      keyProof: body.key_proof,
      limits,
      reader,
      idempotencyKey,
      signedIn: signedInOf(request.headers),
    });
    // The site root is worked out (from request.url) only for a note with files: their download links.
    const answer = toReadNoteResponse(note, () => publicBaseUrl(request));
    return jsonResponse(answer, { headers: { "cache-control": "no-store" } });
  },
});
