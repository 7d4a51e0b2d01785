import { getTranslations } from "next-intl/server";
import { signInHref } from "@/lib/people/create-sign-in";

/** CREATE_REQUIRES_SIGN_IN, signed out: why the page cannot create yet, and the way to sign in and come back. */
export async function SignInRequired({ notice, page }: { notice: string; page: string }) {
  const t = await getTranslations("me");
  return (
    <p className="hint" id="sign-in-required">
      {notice} {/* A full navigation: sign-in is a redirect to the provider, never a page to prefetch. */}
      <a href={signInHref(page)}>{t("signIn")}</a>
    </p>
  );
}
