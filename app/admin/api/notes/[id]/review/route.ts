import { toReviewResponse } from "@/lib/admin/admin-responses";
import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { reviewNote } from "@/lib/admin/review-note";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  "/admin/api/notes/[id]/review",
  {
    // POST /admin/api/notes/<id>/review: a note's content for moderation; counts no view, is recorded
    POST: async (_request, params, { limits, admin }) => {
      const note = await reviewNote({ id: params.id });
      await recordAdminAction({
        action: "note_reviewed",
        client: limits.clientId,
        admin,
        subject: note.id,
        details: { page_count: note.pages.length },
      });
      return jsonResponse(toReviewResponse(note));
    },
  },
);
