import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { isNoteId } from "@/lib/notes/note-id";
import { NoteStatus } from "./note-status";
import "../../create.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: t("statusTitle"), robots: { index: false, follow: false } };
}

// GET /status/<id>#<delete token>: the creator's private view of a note created on the create page.
// The token stays in the fragment, which browsers never send: the page reads it and calls the API
// (GET /api/v1/shares/<id>/events, DELETE /api/v1/shares/<id>) with it, as any client would.
export default async function StatusPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!isNoteId(id)) notFound();
  return (
    <ClientMessages namespaces={["status", "apiFailure"]}>
      <NoteStatus id={id} />
    </ClientMessages>
  );
}
