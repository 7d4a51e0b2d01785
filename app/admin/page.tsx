import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { connection } from "next/server";
import { adminEnabled, currentAdministrator } from "@/lib/admin/admin-access";
import { env } from "@/lib/env";
import { keyListQuerySchema } from "@/lib/admin/admin-schemas";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { listAdminActions } from "@/lib/admin/list-admin-actions";
import { listPeople } from "@/lib/admin/list-people";
import { providerConfigured } from "@/lib/people/provider-settings";
import { listApiKeys } from "@/lib/keys/list-api-keys";
import { listWebhooksForAdmin } from "@/lib/webhooks/list-webhooks-for-admin";
import styles from "./admin.module.css";
import { AuditTable } from "./audit-table";
import { formatTime } from "./format-time";
import { IssueKeyForm } from "./issue-key-form";
import { IssuedKeyProvider } from "./issued-key";
import { KeysTable } from "./keys-table";
import { NoteModeration } from "./note-moderation";
import { PeopleTable } from "./people-table";
import { RequestTakeDown } from "./request-take-down";
import { SignInForm } from "./sign-in-form";
import { SignOutButton } from "./sign-out-button";
import { WebhooksTable } from "./webhooks-table";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: t("adminTitle"), robots: { index: false, follow: false } };
}

const auditEntriesShown = 50;
const peopleShown = 50;

const adminMessages = ["admin", "apiFailure"] as const;

// GET /admin: sign-in, or keys, people, moderation and the audit log for an administrator. A
// signed-in person who administers nothing sees what anyone else sees: the secret's form, or 404.
export default async function AdminPage(props: { searchParams: Promise<Record<string, unknown>> }) {
  // Rendered per request: whether the page is enabled is a run-time setting, not a build-time one.
  await connection();
  if (!adminEnabled()) notFound();
  const admin = await currentAdministrator(await headers());
  if (!admin && !env.ADMIN_SECRET) notFound();
  const [t, locale] = await Promise.all([getTranslations("admin"), getLocale()]);
  if (!admin) {
    return (
      <div className={styles.page}>
        <h1>{t("heading")}</h1>
        <ClientMessages namespaces={adminMessages}>
          <SignInForm />
        </ClientMessages>
      </div>
    );
  }

  const { status, sort } = keyListQuerySchema.parse(await props.searchParams);
  const [keys, entries, webhooks, people] = await Promise.all([
    listApiKeys({ status, sort }),
    listAdminActions({ limit: auditEntriesShown }),
    listWebhooksForAdmin(),
    providerConfigured() ? listPeople({ limit: peopleShown }) : null,
  ]);
  return (
    <ClientMessages namespaces={adminMessages}>
      <div className={styles.page}>
        <header className={styles.header}>
          <h1>{t("heading")}</h1>
          {admin.via === "secret" ? (
            <>
              <p className={styles.hint}>
                {t("signedInUntil", { at: formatTime(new Date(admin.session.expiresAt * 1000), locale) })}
              </p>
              <SignOutButton />
            </>
          ) : (
            <p className={styles.hint}>
              {t("signedInAsPerson", { name: admin.person.displayName ?? admin.person.email ?? "" })}
            </p>
          )}
        </header>
        <section className={styles.card} aria-labelledby="keys-heading">
          <h2 id="keys-heading">{t("keysHeading")}</h2>
          <IssuedKeyProvider>
            <IssueKeyForm endpoint="/admin/api/keys" />
            <KeysTable keys={keys} status={status} sort={sort} />
          </IssuedKeyProvider>
        </section>
        {people && (
          <section className={styles.card} aria-labelledby="people-heading">
            <h2 id="people-heading">{t("people.heading")}</h2>
            <PeopleTable people={people} shown={peopleShown} />
          </section>
        )}
        <section className={styles.card} aria-labelledby="webhooks-heading">
          <h2 id="webhooks-heading">{t("webhooksHeading")}</h2>
          <WebhooksTable webhooks={webhooks} />
        </section>
        <section className={styles.card} aria-labelledby="moderation-heading">
          <h2 id="moderation-heading">{t("moderationHeading")}</h2>
          <NoteModeration />
        </section>
        <section className={styles.card} aria-labelledby="requests-heading">
          <h2 id="requests-heading">{t("requestsHeading")}</h2>
          <RequestTakeDown />
        </section>
        <section className={styles.card} aria-labelledby="audit-heading">
          <h2 id="audit-heading">{t("auditHeading")}</h2>
          <AuditTable entries={entries} />
        </section>
      </div>
    </ClientMessages>
  );
}
