import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { isNoteId } from "@/lib/notes/note-id";
import { currentPerson } from "@/lib/people/current-person";
import { listOwnNoteLinks } from "@/lib/people/list-own-things";
import { providerConfigured } from "@/lib/people/provider-settings";
import { NoteStatus } from "../../../status/[id]/note-status";
import { RecipientRevocation } from "./recipient-revocation";
import "../../../create.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: t("statusTitle"), robots: { index: false, follow: false } };
}

// GET /me/notes/<id>: one of the signed-in person's notes: its access log and delete (the status
// page's, acting through the session rather than the delete token), and its recipients' links to
// revoke. Another person's note shows what an unknown one does: nothing to show.
export default async function OwnNotePage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  if (!providerConfigured() || !isNoteId(id)) notFound();
  const [person, t] = await Promise.all([currentPerson(await headers()), getTranslations("me")]);
  if (!person) notFound();
  const links = await listOwnNoteLinks(person, id);
  return (
    <ClientMessages namespaces={["status", "apiFailure", "me"]}>
      <p>
        <Link href="/me">{t("back")}</Link>
      </p>
      <NoteStatus id={id} credential="session" />
      {links.length > 0 && <RecipientRevocation links={links} />}
    </ClientMessages>
  );
}
