import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { deleteNote } from "@/lib/notes/delete-note";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares/[id]", {
  // DELETE /api/v1/shares/<id>: the owner (its API key, or its delete token) takes a note down
  DELETE: async (request, { id }, { apiKey, person }) => {
    await deleteNote({ id, apiKey, person, deleteToken: request.headers.get("x-delete-token") });
    return new ApiAnswer(null, { status: 204 });
  },
});
