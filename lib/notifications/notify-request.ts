import type { HeaderLookup } from "../http/api-request";
import { localeCookie } from "../i18n/locales";
import { negotiateLocale } from "../i18n/negotiate-locale";
import type { RequestLimits } from "../rate-limit/request-limits";
import type { NotifyKind, NotifyTarget } from "./notify-target";

// What a create (note or request) asks of notifications: its target, in the language the create page
// was shown in (the switcher's cookie, else Accept-Language: the page's own negotiation, which the
// page's fetch repeats). A create that asks for email is counted against the creator's create limit
// once more, so emails cost what creates cost.

function cookieValue(headers: HeaderLookup, name: string): string | undefined {
  const cookies = headers.get("cookie") ?? "";
  return cookies
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([key]) => key === name)?.[1];
}

/** The target a create's `notify_email` asks for, charged to its creator; undefined without one. */
export async function notifyTargetOf(
  kind: NotifyKind,
  email: string | undefined,
  request: { headers: HeaderLookup },
  creator: { limits: RequestLimits; apiKey: { id: string } | null },
): Promise<Omit<NotifyTarget, "subjectId"> | undefined> {
  if (email === undefined) return undefined;
  await creator.limits.chargeCreate(creator.apiKey?.id ?? null);
  const { headers } = request;
  const locale = negotiateLocale(cookieValue(headers, localeCookie), headers.get("accept-language"));
  return { kind, email, locale };
}
