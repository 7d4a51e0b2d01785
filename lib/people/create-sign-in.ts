import "server-only";
import { env } from "../env";
import type { HeaderLookup } from "../http/api-request";
import { currentPerson } from "./current-person";

/**
 * What the create pages offer under CREATE_REQUIRES_SIGN_IN: signing in (signed out), or nothing in
 * place of the key field (signed in). "off" without the setting: the pages then look up no session.
 */
export async function createSignIn(headers: HeaderLookup): Promise<"off" | "signed-in" | "signed-out"> {
  if (!env.CREATE_REQUIRES_SIGN_IN) return "off";
  return (await currentPerson(headers)) ? "signed-in" : "signed-out";
}

/** The sign-in link of a page, coming back to it. */
export const signInHref = (page: string) => `/auth/sign-in?return_to=${page}`;
