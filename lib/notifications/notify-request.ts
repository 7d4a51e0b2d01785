import "server-only";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import type { HeaderLookup } from "../http/api-request";
import { localeCookie } from "../i18n/locales";
import { negotiateLocale } from "../i18n/negotiate-locale";
import type { ActingPerson } from "../people/acting-person";
import { currentPerson } from "../people/current-person";
import { findPerson } from "../people/people-store";
import type { RequestLimits } from "../rate-limit/request-limits";
import type { NotifyKind, NotifyTarget } from "./notify-target";

// What a create (note or request) asks of notifications: its target, in the language the create page
// was shown in (the switcher's cookie, else Accept-Language: the page's own negotiation, which the
// page's fetch repeats). A create that asks for email is counted against the creator's create limit
// once more, so emails cost what creates cost. `notify_me` takes the acting person's address from
// what their provider verified at their last sign-in: a client never chooses it.

function cookieValue(headers: HeaderLookup, name: string): string | undefined {
  const cookies = headers.get("cookie") ?? "";
  return cookies
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([key]) => key === name)?.[1];
}

/** The verified address of the person `notify_me` stands for. */
async function verifiedEmailOf(person: ActingPerson | null): Promise<string> {
  const found = person && (await findPerson(person.id));
  if (found?.emailVerified && found.email) return found.email;
  throw new ApiError(
    "no_verified_email",
    person
      ? "notify_me: your identity provider verified no email address for you; give notify_email instead."
      : "notify_me is for a signed-in person or a personal API key; give notify_email instead.",
  );
}

/** The address a create's notify_email or notify_me names; undefined without either. */
async function addressOf(
  body: { notify_email?: string; notify_me?: boolean },
  person: ActingPerson | null,
): Promise<string | undefined> {
  if (body.notify_me !== true) return body.notify_email;
  if (body.notify_email !== undefined) {
    throw new ApiError("bad_notify_email", "notify_email: give it or notify_me, not both.");
  }
  return verifiedEmailOf(person);
}

/** The target a create's `notify_email` or `notify_me` asks for, charged to its creator; undefined without one. */
export async function notifyTargetOf(
  kind: NotifyKind,
  body: { notify_email?: string; notify_me?: boolean },
  request: { headers: HeaderLookup },
  creator: { limits: RequestLimits; apiKey: { id: string } | null; person: ActingPerson | null },
): Promise<Omit<NotifyTarget, "subjectId"> | undefined> {
  const email = await addressOf(body, creator.person);
  if (email === undefined) return undefined;
  await creator.limits.chargeCreate(creator.apiKey?.id ?? null);
  const { headers } = request;
  const locale = negotiateLocale(cookieValue(headers, localeCookie), headers.get("accept-language"));
  return { kind, email, locale };
}

/** Whether the create pages offer "Email me": emails are sent and the person signed in has a verified email. */
export async function offersNotifyMe(headers: HeaderLookup): Promise<boolean> {
  if (env.SMTP_URL === undefined) return false;
  const person = await currentPerson(headers);
  return Boolean(person?.emailVerified && person.email);
}
