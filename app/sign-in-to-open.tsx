"use client";

import { useTranslations } from "next-intl";
import { keepFragment } from "@/lib/browser/kept-fragment";

/**
 * What a signed-out visitor of a note or request for members only sees: why it does not open, and
 * the way to sign in and come back to `path`. The link's fragment stays in the browser meanwhile.
 */
export function SignInToOpen({ kind, path }: { kind: "note" | "request"; path: string }) {
  const t = useTranslations("membersOnly");
  return (
    <section className="card" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">{kind === "note" ? t("noteHeading") : t("requestHeading")}</h1>
      <p>{kind === "note" ? t("noteText") : t("requestText")}</p>
      <div className="button-row">
        <a className="button" href={`/auth/sign-in?return_to=${path}`} onClick={() => keepFragment(path)}>
          {kind === "note" ? t("readAction") : t("answerAction")}
        </a>
      </div>
    </section>
  );
}
