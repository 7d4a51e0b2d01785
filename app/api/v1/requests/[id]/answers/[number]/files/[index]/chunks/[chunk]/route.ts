import { ApiAnswer } from "@/lib/http/api-answer";
import { parseIndex, uploadChunk } from "@/lib/files/upload-chunk";
import { routeHandlers } from "@/lib/http/route-handlers";
import { answerNumberOf } from "@/lib/requests/request-id";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  "/api/v1/requests/[id]/answers/[number]/files/[index]/chunks/[chunk]",
  {
    // PUT /api/v1/requests/<id>/answers/<n>/files/<index>/chunks/<chunk>: the responder uploads a chunk
    PUT: async (request, { id, number, index, chunk }) => {
      const stored = await uploadChunk({
        owner: { request: id, answer: answerNumberOf(number) },
        index: parseIndex(index),
        chunk: parseIndex(chunk),
        token: request.headers.get("x-upload-token"),
        request,
      });
      return new ApiAnswer(null, { status: 204, headers: { "upload-offset": String(stored) } });
    },
  },
);
