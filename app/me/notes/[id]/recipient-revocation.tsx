"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { sendJson } from "@/lib/browser/call-api";
import { useFailureMessage } from "@/lib/browser/use-failure-message";

/**
 * A note's live recipients' links, each revoked alone: the API's delete of a link
 * (DELETE /api/v1/shares/<link id>), acting as the signed-in person who created the note.
 */
export function RecipientRevocation({ links }: { links: { id: string; label: string }[] }) {
  const t = useTranslations("me");
  const router = useRouter();
  const failureMessage = useFailureMessage();
  const [error, setError] = useState<string | null>(null);

  async function revoke(link: { id: string; label: string }) {
    if (!window.confirm(t("revokeLinkQuestion", { label: link.label }))) return;
    const result = await sendJson(`/api/v1/shares/${link.id}`, { method: "DELETE" });
    if (!result.ok && result.error !== "not_found") return setError(failureMessage(result));
    setError(null);
    router.refresh();
  }

  return (
    <section className="card" aria-labelledby="links-heading">
      <h2 id="links-heading">{t("linksHeading")}</h2>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul>
        {links.map((link) => (
          <li key={link.id} data-link={link.label}>
            {link.label}{" "}
            <button type="button" className="button danger ghost" onClick={() => void revoke(link)}>
              {t("revokeLink")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
