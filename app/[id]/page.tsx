import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ApiError } from "@/lib/http/api-error";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { getNoteMeta } from "@/lib/notes/get-note-meta";
import { toNoteMetaResponse } from "@/lib/notes/note-response";
import { signedInOf } from "@/lib/people/sign-in-gate";
import { FRAME_STYLE_NONCE_HEADER } from "@/proxy";
import { SignInToOpen } from "../sign-in-to-open";
import { NoteViewer } from "./note-viewer";
import "../files.css";
import "./viewer.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: t("viewerTitle"), robots: { index: false, follow: false } };
}

const viewerMessages = [
  "viewer",
  "countdown",
  "notices",
  "openErrors",
  "article",
  "noteActions",
  "codeCopy",
  "apiFailure",
  "webCrypto",
  "files",
  "membersOnly",
] as const;

// GET /<id>: the viewer. The server renders the metadata only, never the content, and never
// counts a view, so link previewers and scanners that fetch the URL cannot burn a note. Reading
// happens in the browser through the JSON API, on the visitor's click when a view is at stake. A
// note for members only shows a signed-out visitor the way to sign in instead, and nothing of it.
export default async function NotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const requestHeaders = await headers();
  const meta = await getNoteMeta({ id, signedIn: signedInOf(requestHeaders) }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    if (error instanceof ApiError && error.code === "sign_in_required") return null;
    throw error;
  });
  if (meta === null) {
    return (
      <ClientMessages namespaces={["membersOnly"]}>
        <SignInToOpen kind="note" path={`/${id}`} />
      </ClientMessages>
    );
  }
  // A styles-only nonce for the <style> elements of a trusted note's frame, never the page's own.
  const frameStyleNonce = requestHeaders.get(FRAME_STYLE_NONCE_HEADER) ?? "";
  return (
    <ClientMessages namespaces={viewerMessages}>
      <NoteViewer meta={toNoteMetaResponse(meta)} frameStyleNonce={frameStyleNonce} />
    </ClientMessages>
  );
}
