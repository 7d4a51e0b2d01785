import { ApiAnswer } from "@/lib/http/api-answer";
import { parseIndex, uploadChunk } from "@/lib/files/upload-chunk";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  "/api/v1/shares/[id]/files/[index]/chunks/[chunk]",
  {
    // PUT /api/v1/shares/<id>/files/<index>/chunks/<chunk>: upload one chunk
    PUT: async (request, { id, index, chunk }) => {
      const stored = await uploadChunk({
        owner: { note: id },
        index: parseIndex(index),
        chunk: parseIndex(chunk),
        token: request.headers.get("x-upload-token"),
        request,
      });
      return new ApiAnswer(null, { status: 204, headers: { "upload-offset": String(stored) } });
    },
  },
);
