import { ApiAnswer } from "@/lib/http/api-answer";
import { downloadFile } from "@/lib/files/download-file";
import { savedFileName } from "@/lib/files/file-name";
import { uploadStatus } from "@/lib/files/upload-chunk";
import { jsonResponse } from "@/lib/http/respond";
import { signedInOf } from "@/lib/people/sign-in-gate";
import { routeHandlers } from "@/lib/http/route-handlers";

/** `attachment; filename*=UTF-8''<name>`, the RFC 6266 form every browser reads. */
const attachment = (name: string) =>
  `attachment; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  "/api/v1/shares/[id]/files/[index]",
  {
    // GET /api/v1/shares/<id>/files/<index>: download with ?grant=, or the upload's progress
    GET: async (request, { id, index }, { uploadProgress }) => {
      if (uploadProgress) {
        const status = await uploadStatus({
          owner: { note: id },
          index,
          token: request.headers.get("x-upload-token"),
        });
        return jsonResponse(status, {
          headers: { "cache-control": "no-store", "upload-offset": String(status.received) },
        });
      }
      const grant = new URL(request.url).searchParams.get("grant") ?? "";
      const file = await downloadFile({ id, index, grant, signedIn: signedInOf(request.headers) });
      return new ApiAnswer(file.body, {
        headers: {
          "content-type": "application/octet-stream",
          "content-length": String(file.length),
          "cache-control": "no-store",
          // The name as the pages save it: the browser takes this one over the link's own.
          "content-disposition": attachment(
            file.name === null ? `file-${index}` : savedFileName(file.name, Number(index)),
          ),
        },
      });
    },
  },
);
