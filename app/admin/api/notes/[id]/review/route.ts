import { adminRoute } from "@/lib/admin/admin-route";
import { toReviewResponse } from "@/lib/admin/admin-responses";
import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { reviewShare } from "@/lib/admin/review-share";
import { otherMethods } from "@/lib/http/other-methods";
import { jsonResponse } from "@/lib/http/respond";

// POST /admin/api/notes/<id>/review: a note's content for moderation; counts no view, is recorded
export const POST = adminRoute<{ id: string }>(
  "POST /admin/api/notes/[id]/review",
  { session: true },
  async (_request, { params, client }) => {
    const note = await reviewShare({ id: params.id });
    await recordAdminAction({
      action: "note_reviewed",
      client,
      subject: note.id,
      details: { page_count: note.pages.length },
    });
    return jsonResponse(toReviewResponse(note));
  },
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
