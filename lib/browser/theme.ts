// The colour theme a visitor picked, kept in a cookie so the server can render the page in it. No
// cookie: the page follows the system's prefers-color-scheme, which is also a choice on the toggle.

export const themeCookie = "theme";

export const themes = ["light", "dark"] as const;

export type Theme = (typeof themes)[number];

/** What the toggle offers: a pinned theme, or following the system. */
export type ThemeChoice = Theme | "system";

export function parseTheme(value: string | undefined): Theme | undefined {
  return themes.find((theme) => theme === value);
}

/**
 * The Set-Cookie value for a choice: a year, so it outlives the session, and Lax, since the cookie
 * carries no authority. "system" expires the cookie, so the server sends no data-theme again.
 */
export function themeCookieValue(choice: ThemeChoice): string {
  if (choice === "system") return `${themeCookie}=; path=/; max-age=0; samesite=lax`;
  return `${themeCookie}=${choice}; path=/; max-age=31536000; samesite=lax`;
}
