import { useTranslations } from "next-intl";
import { SecureContextExplanation } from "../secure-context-explanation";

// What each request page cannot do where the browser offers no WebCrypto: make the key pair,
// seal an answer, open the answers.
const texts = {
  create: { summary: "insecureCreate", fails: "insecureCreateFails" },
  answer: { summary: "insecureAnswer", fails: "insecureAnswerFails" },
  open: { summary: "insecureOpen", fails: "insecureOpenFails" },
} as const;

/** A request page opened where this browser cannot encrypt: says so before anyone types anything. */
export function RequestsUnavailable({ page }: { page: keyof typeof texts }) {
  const t = useTranslations("requests");
  return (
    <SecureContextExplanation
      id="requests-unavailable"
      summary={t(texts[page].summary)}
      fails={t(texts[page].fails)}
      fix={(local) => t("insecureFix", { local })}
    />
  );
}
