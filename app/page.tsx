import { headers } from "next/headers";
import Link from "next/link";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { fileLimits } from "@/lib/files/file-limits";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { notePolicy } from "@/lib/notes/note-policy";
import { ttlLabel } from "@/lib/notes/ttl-choices";
import { providerConfigured } from "@/lib/people/provider-settings";
import { createSignIn } from "@/lib/people/create-sign-in";
import { offersNotifyMe } from "@/lib/notifications/notify-request";
import { CreateForm } from "./create-form";
import type { CreateOptions } from "./create-options";
import { SignInRequired } from "./sign-in-required";
import "./create.css";
import "./files.css";

// What the form's client components say. `createPage` (heading, intro, the key notice) is rendered
// here on the server and handed to the form as it is: a page tells of a key requirement only when
// there is one.
const createPageMessages = [
  "create",
  "pageEditor",
  "encryption",
  "settings",
  "result",
  "copyField",
  "earlyDelete",
  "createErrors",
  "apiFailure",
  "webCrypto",
  "recipients",
  "files",
  "membersOnly",
] as const;

// GET /: the page to create a note. Rendered per request, not at build time: its choices come from
// the settings the server runs with (TTL_CHOICES, DEFAULT_TTL, CREATE_REQUIRES_KEY, the instance
// policies, the files' limits,
// whether an identity provider is configured) and, under CREATE_REQUIRES_SIGN_IN, whether the
// visitor is signed in.
export default async function HomePage() {
  await connection();
  const [t, requests, locale, signIn, notifyMe] = await Promise.all([
    getTranslations("createPage"),
    getTranslations("requests"),
    getLocale(),
    headers().then(createSignIn),
    headers().then(offersNotifyMe),
  ]);
  const options: CreateOptions = {
    ttlChoices: [...env.TTL_CHOICES.keys()].map((value) => ({ value, label: ttlLabel(value, locale) })),
    defaultTtl: env.DEFAULT_TTL,
    requiresKey: env.CREATE_REQUIRES_KEY,
    signInAvailable: providerConfigured(),
    keyField: signIn === "off" || env.CREATE_REQUIRES_KEY,
    fileLimits: { keyed: fileLimits(true), keyless: fileLimits(false) },
    emailNotifications: env.SMTP_URL !== undefined,
    notifyMe,
    requirePassword: env.REQUIRE_PASSWORD,
    burnAfter: {
      max: env.MAX_BURN_AFTER ?? notePolicy.maxBurnAfter,
      preselected: env.DEFAULT_BURN_AFTER ?? null,
    },
  };
  const heading = (
    <>
      <h1>{t("heading")}</h1>
      <p className="hint">{t("intro")}</p>
      {options.requiresKey && (
        <p className="hint" id="key-required">
          {t("keyRequired")}
        </p>
      )}
      {signIn === "signed-out" && <SignInRequired notice={t("signInRequired")} page="/" />}
    </>
  );
  return (
    <>
      <ClientMessages namespaces={createPageMessages}>
        <CreateForm options={options} heading={heading} />
      </ClientMessages>
      <p className="hint">
        <Link href="/requests/new">{requests("homeLink")}</Link>
      </p>
    </>
  );
}
