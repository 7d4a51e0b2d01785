import { useTranslations } from "next-intl";

const keyProblemHeadings = { missing: "missingKey", malformed: "malformedKey", wrong: "wrongKey" } as const;

/**
 * The link of an end-to-end encrypted note has no key, a malformed one, or one the server says is not
 * this note's (its key proof did not match): nothing was read.
 */
export function MissingKeyNotice({ problem }: { problem: keyof typeof keyProblemHeadings }) {
  const t = useTranslations("notices");
  return (
    <section className="card" aria-labelledby="key-heading" aria-live="polite">
      <h1 id="key-heading">{t(keyProblemHeadings[problem])}</h1>
      <p>{t.rich("keyExplanation", { code: (text) => <code>{text}</code> })}</p>
      <p>{t("nothingRead")}</p>
    </section>
  );
}

/** This page cannot decrypt (no WebCrypto outside a secure context): nothing was read. */
export function NoWebCryptoNotice() {
  const t = useTranslations("notices");
  const webCryptoTexts = useTranslations("webCrypto");
  return (
    <section className="card" aria-labelledby="webcrypto-heading" aria-live="polite">
      <h1 id="webcrypto-heading">{t("noWebCryptoHeading")}</h1>
      <p>{t("noWebCryptoText", { reason: webCryptoTexts("unavailable") })}</p>
      <p>{t("nothingRead")}</p>
    </section>
  );
}

/** The note was read (a view was spent) but the link's key, or the password, does not open it. */
export function UndecryptableNotice(props: {
  message: string;
  burned: boolean;
  remainingViews: number | null;
}) {
  const { message, burned, remainingViews } = props;
  const t = useTranslations("notices");
  let outcome = t("burned");
  if (!burned) {
    outcome = remainingViews === null ? t("countedView") : t("countedViewLeft", { count: remainingViews });
  }
  return (
    <section className="card" aria-labelledby="undecryptable-heading" aria-live="polite">
      <h1 id="undecryptable-heading">{t("undecryptableHeading")}</h1>
      <p role="alert">{message}</p>
      <p>{outcome}</p>
    </section>
  );
}
