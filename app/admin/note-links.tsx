"use client";

import { useTranslations } from "next-intl";
import type { ModeratedNoteResponse } from "@/lib/admin/admin-responses";
import styles from "./admin.module.css";
import { DataTable, type Column } from "./data-table";

type Texts = ReturnType<typeof useTranslations<"admin.moderation">>;
type Link = ModeratedNoteResponse["links"][number];

/** A link's reads, against the note's read limit when it has one. */
export function readsText(t: Texts, reads: number, limit: number | null) {
  return limit === null ? String(reads) : t("readsOf", { reads, limit });
}

const columns = (t: Texts, limit: number | null): Column<Link>[] => [
  { label: t("linkRecipient"), cell: (link) => link.label },
  { label: t("linkId"), mono: true, cell: (link) => link.id },
  { label: t("status"), cell: (link) => link.status },
  { label: t("reads"), cell: (link) => readsText(t, link.read_count, limit) },
];

/**
 * The recipients' links of a note sent to several people: which one was looked up, each link's
 * reads, and that a take-down removes them all with the content.
 */
export function NoteLinks({ note }: { note: ModeratedNoteResponse }) {
  const t = useTranslations("admin.moderation");
  const lookedUp = note.links.find((link) => link.looked_up);
  return (
    <div className={styles.stack}>
      {lookedUp && <p>{t("lookedUpLink", { id: lookedUp.id, label: lookedUp.label })}</p>}
      <DataTable
        label={t("linksLabel")}
        columns={columns(t, note.burn_after)}
        rows={note.links}
        rowKey={(link) => link.id}
        rowHeader
      />
      <p className={styles.hint}>{t("takeDownLinks")}</p>
    </div>
  );
}
