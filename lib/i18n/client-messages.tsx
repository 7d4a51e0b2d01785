import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import type { Messages } from "./catalogs";

/**
 * Hands the client components below it the namespaces of the catalog they use, and no more: every
 * message given to the client is serialized into the page, so the viewer does not carry the admin
 * page's words. A provider replaces the one above it, so each page names all it needs.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly (keyof Messages)[];
  children: ReactNode;
}) {
  const messages = await getMessages();
  const picked = Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
