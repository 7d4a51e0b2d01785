import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { listPersonKeys } from "@/lib/keys/person-keys";
import { currentPerson } from "@/lib/people/current-person";
import { listOwnNotePage, listOwnRequestPage } from "@/lib/people/list-own-things";
import { providerConfigured } from "@/lib/people/provider-settings";
import { listPersonTargets } from "@/lib/webhooks/person-targets";
import { OwnKeys } from "./own-keys";
import { OwnNotes } from "./own-notes";
import { OwnRequests } from "./own-requests";
import { OwnTargets } from "./own-targets";
import "../create.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: t("meTitle"), robots: { index: false, follow: false } };
}

// GET /me: the signed-in person's own page: who they are, signing out, the notes and requests they
// created while signed in, their API keys and their notification targets; signed out, a link to sign
// in that comes back here. The notes and the requests come a hundred at a time, newest first:
// `?notes_after=` and `?requests_after=` are the previous page's cursor of each.
// Not found while no provider is configured.
export default async function MePage({
  searchParams,
}: {
  searchParams: Promise<{ notes_after?: string | string[]; requests_after?: string | string[] }>;
}) {
  // Rendered per request: it is one person's page, and the provider is a run-time setting.
  await connection();
  if (!providerConfigured()) notFound();
  const [person, t] = await Promise.all([currentPerson(await headers()), getTranslations("me")]);
  if (!person) {
    return (
      <div>
        <h1>{t("heading")}</h1>
        <p>{t("signedOut")}</p>
        <p>
          {/* A full navigation: sign-in is a redirect to the provider, never a page to prefetch. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/auth/sign-in?return_to=/me">{t("signIn")}</a>
        </p>
      </div>
    );
  }
  const { notes_after: notesAfter, requests_after: requestsAfter } = await searchParams;
  const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
  const [notes, requests, keys, targets] = await Promise.all([
    listOwnNotePage(person, single(notesAfter)),
    listOwnRequestPage(person, single(requestsAfter)),
    listPersonKeys(person),
    listPersonTargets(person),
  ]);
  const name = person.displayName ?? person.email ?? "";
  return (
    <div>
      <h1>{t("heading")}</h1>
      <p>{t("signedInAs", { name })}</p>
      <form method="post" action="/auth/sign-out">
        <button type="submit">{t("signOut")}</button>
      </form>
      <section aria-labelledby="notes-heading">
        <h2 id="notes-heading">{t("notesHeading")}</h2>
        <OwnNotes page={notes} />
      </section>
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">{t("requestsHeading")}</h2>
        <OwnRequests page={requests} />
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">{t("keysHeading")}</h2>
        <ClientMessages namespaces={["admin", "apiFailure"]}>
          <OwnKeys keys={keys} />
        </ClientMessages>
      </section>
      <section aria-labelledby="targets-heading">
        <h2 id="targets-heading">{t("targetsHeading")}</h2>
        <ClientMessages namespaces={["admin", "apiFailure", "targets"]}>
          <OwnTargets targets={targets} />
        </ClientMessages>
      </section>
    </div>
  );
}
