import { ApiAnswer } from "@/lib/http/api-answer";
import { uploadStatus } from "@/lib/files/upload-chunk";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { downloadAnswerFile } from "@/lib/requests/download-answer-file";
import { answerNumberOf } from "@/lib/requests/request-id";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  "/api/v1/requests/[id]/answers/[number]/files/[index]",
  {
    // GET /api/v1/requests/<id>/answers/<n>/files/<index>: the requester downloads (X-Owner-Proof),
    // or the responder asks how much is uploaded (X-Upload-Token)
    GET: async (request, { id, number, index }, caller) => {
      const answer = answerNumberOf(number);
      if (caller.uploadProgress) {
        const owner = { request: id, answer };
        const status = await uploadStatus({ owner, index, token: request.headers.get("x-upload-token") });
        return jsonResponse(status, {
          headers: { "cache-control": "no-store", "upload-offset": String(status.received) },
        });
      }
      const file = await downloadAnswerFile(caller.owned, answer, index);
      return new ApiAnswer(file.body, {
        headers: {
          "content-type": "application/octet-stream",
          "content-length": String(file.length),
          "cache-control": "no-store",
          "content-disposition": `attachment; filename="answer-${answer}-file-${index}"`,
        },
      });
    },
  },
);
