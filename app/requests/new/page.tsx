import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { ttlLabel } from "@/lib/notes/ttl-choices";
import { providerConfigured } from "@/lib/people/provider-settings";
import { createSignIn } from "@/lib/people/create-sign-in";
import { offersNotifyMe } from "@/lib/notifications/notify-request";
import { requestPolicy } from "@/lib/requests/request-policy";
import { SignInRequired } from "../../sign-in-required";
import { NewRequestForm } from "./new-request-form";
import "../requests.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("requests");
  return { title: t("newTitle") };
}

const messages = ["requests", "copyField", "apiFailure", "encryption", "membersOnly"] as const;

// GET /requests/new: the page to ask for a secret. The key pair is made in the browser; the page
// sends only its public key and owner proof. Rendered per request: its choices follow the settings.
export default async function NewRequestPage() {
  await connection();
  const [t, locale, signIn, notifyMe] = await Promise.all([
    getTranslations("requests"),
    getLocale(),
    headers().then(createSignIn),
    headers().then(offersNotifyMe),
  ]);
  const options = {
    ttlChoices: [...env.TTL_CHOICES.keys()].map((value) => ({ value, label: ttlLabel(value, locale) })),
    defaultTtl: env.DEFAULT_TTL,
    requiresKey: env.CREATE_REQUIRES_KEY,
    signInAvailable: providerConfigured(),
    maxAnswers: requestPolicy.maxAnswers,
    emailNotifications: env.SMTP_URL !== undefined,
    notifyMe,
  };
  return (
    <div className="request-page">
      <h1>{t("newTitle")}</h1>
      <p className="hint">{t("newIntro")}</p>
      {signIn === "signed-out" && <SignInRequired notice={t("signInRequired")} page="/requests/new" />}
      <ClientMessages namespaces={messages}>
        <NewRequestForm options={options} />
      </ClientMessages>
    </div>
  );
}
