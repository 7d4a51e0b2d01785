import "server-only";
import { getPrisma } from "../db";
import { notFound } from "../shares/get-share-meta";
import { isShareId } from "../shares/share-id";

/**
 * A stored note's pages as written, for moderation: reads nothing through the consuming path, so
 * no view is counted. A burned note has no pages left.
 */
export async function reviewShare(options: { id: string }) {
  if (!isShareId(options.id)) throw notFound();
  const prisma = await getPrisma();
  const note = await prisma.share.findUnique({
    where: { id: options.id },
    select: {
      id: true,
      pages: {
        orderBy: { pageIndex: "asc" },
        select: { pageIndex: true, title: true, content: true, contentType: true },
      },
    },
  });
  if (!note) throw notFound();
  return note;
}
