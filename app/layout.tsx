import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { parseTheme, themeCookie } from "@/lib/browser/theme";
import { ThemeToggle } from "./theme-toggle";
import "./globals.css";
import "./note.css";

export const metadata: Metadata = {
  title: { default: "Notes", template: "%s · Notes" },
  description: "Short-lived notes, optionally password-protected and burned after reading.",
  referrer: "no-referrer",
  icons: { icon: { url: "/favicon.ico", sizes: "32x32" } },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  colorScheme: "light dark",
};

// The chosen theme comes from a cookie read here, on the server, so the first paint already has it:
// no flash of the wrong theme and no inline script. Without a choice, CSS follows the system.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const theme = parseTheme((await cookies()).get(themeCookie)?.value);
  return (
    <html lang="en" data-theme={theme}>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <Link href="/" className="brand">
            Notes
          </Link>
          <ThemeToggle initial={theme} />
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          Notes expire, can burn after reading, and are never shown to link previewers.
        </footer>
      </body>
    </html>
  );
}
