import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { deleteWebhook } from "@/lib/webhooks/manage-webhooks";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/me/api/webhooks/[id]", {
  // DELETE /me/api/webhooks/<id>: delete one of the person's own targets; another's is not_found
  DELETE: async (_request, { id }, { person }) => {
    await deleteWebhook({ personId: person.id }, id);
    return new ApiAnswer(null, { status: 204 });
  },
});
