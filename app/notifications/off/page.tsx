import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { ApiError } from "@/lib/http/api-error";
import { notifyTokenKind } from "@/lib/notifications/notify-token-kind";
import { turnOffNotifications } from "@/lib/notifications/turn-off-notifications";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifyOff");
  return { title: t("heading"), robots: { index: false, follow: false } };
}

type Search = { token?: string; done?: string };

/** The form's action: turns off what the token names, then says so (no token: the page says it is invalid). */
async function turnOff(form: FormData) {
  "use server";
  const token = String(form.get("token") ?? "");
  const kind = await turnOffNotifications(token).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") return "invalid";
    throw error;
  });
  redirect(`/notifications/off?done=${kind}`);
}

// GET /notifications/off?token=: the page an email's links open. Opening it changes nothing (mail
// scanners open links); its button does, for the one note, request or address the token names.
export default async function NotificationsOffPage({ searchParams }: { searchParams: Promise<Search> }) {
  await connection();
  const [{ token = "", done }, t] = await Promise.all([searchParams, getTranslations("notifyOff")]);
  const kind = done ?? notifyTokenKind(token);
  const message =
    kind === "invalid" || kind === null
      ? t("invalid")
      : done
        ? t(kind === "address" ? "doneAddress" : "doneSubject")
        : t(kind === "address" ? "askAddress" : "askSubject");
  return (
    <div>
      <h1>{t("heading")}</h1>
      <p role={done ? "status" : undefined}>{message}</p>
      {!done && kind !== null && (
        <form action={turnOff}>
          <input type="hidden" name="token" value={token} />
          <button type="submit">{t("confirm")}</button>
        </form>
      )}
    </div>
  );
}
