import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { parseTheme, themeCookie } from "@/lib/browser/theme";
import { ClientMessages } from "@/lib/i18n/client-messages";
import { textDirection } from "@/lib/i18n/locales";
import { serviceVersion } from "@/lib/version";
import { accentStyle, footerLinks, siteLogoPath, siteName } from "@/lib/branding/site-brand";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme-toggle";
import "./globals.css";
import "./note.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  const name = siteName(t("siteName"));
  return {
    title: { default: name, template: t("titleTemplate", { siteName: name }) },
    description: t("description"),
    referrer: "no-referrer",
    icons: { icon: { url: "/favicon.ico", sizes: "32x32" } },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  colorScheme: "light dark",
};

// The chosen theme comes from a cookie read here, on the server, so the first paint already has it:
// no flash of the wrong theme and no inline script. Without a choice, CSS follows the system. The
// language is chosen the same way (lib/i18n/request-config.ts); the client components get the
// messages they use from ClientMessages, here and in each page.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const theme = parseTheme((await cookies()).get(themeCookie)?.value);
  const locale = await getLocale();
  const t = await getTranslations("layout");
  const logo = siteLogoPath();
  return (
    <html lang={locale} dir={textDirection(locale)} data-theme={theme} style={accentStyle()}>
      <body>
        <ClientMessages namespaces={["layout", "theme"]}>
          <a className="skip-link" href="#main">
            {t("skipLink")}
          </a>
          <header className="site-header">
            <Link href="/" className="brand">
              {/* The server's own small file, cached by its hash: nothing for next/image to optimise. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              {logo && <img src={logo} alt="" height={32} />}
              {siteName(t("brand"))}
            </Link>
            <ThemeToggle initial={theme} />
          </header>
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <footer className="site-footer">
            <span>{t("footer")}</span>
            {footerLinks().map(({ label, url }) => (
              <a key={url} href={url} rel="noopener">
                {label}
              </a>
            ))}
            <span className="site-version">{`v${serviceVersion}`}</span>
            <LanguageSwitcher />
          </footer>
        </ClientMessages>
      </body>
    </html>
  );
}
