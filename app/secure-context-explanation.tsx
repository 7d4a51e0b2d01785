import { useTranslations } from "next-intl";
import "./secure-context.css";

/** Where the same server is a secure context without HTTPS: http://localhost on this page's port. */
const localAddress = () => `http://localhost${window.location.port ? `:${window.location.port}` : ""}`;

type Props = {
  id: string;
  /** what this page cannot do here, first and in bold; given, the block is announced (role=status) */
  summary?: string;
  /** what still works here, if anything */
  works?: string;
  /** what does not, and why that needs WebCrypto */
  fails: string;
  /** how to reach the page where it works, given the localhost address */
  fix: (local: string) => string;
};

/**
 * For pages that need WebCrypto, shown where the browser offers none (a page opened over plain HTTP
 * at a name other than localhost): why, what does and does not work, and how to get there over
 * HTTPS or at localhost. Rendered in the browser only (lib/browser/web-crypto.ts says when).
 */
export function SecureContextExplanation({ id, summary, works, fails, fix }: Props) {
  const t = useTranslations("encryption");
  return (
    <div id={id} className="banner warn explanation" role={summary ? "status" : undefined}>
      {summary && <p className="strong">{summary}</p>}
      <p>{t("unavailableWhy", { origin: window.location.origin })}</p>
      {works && <p>{works}</p>}
      <p>{fails}</p>
      <p>{fix(localAddress())}</p>
    </div>
  );
}
