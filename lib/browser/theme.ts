// The colour theme a visitor picked with the toggle, kept in a cookie so the server can render the
// page in it. No cookie: the page follows the system's prefers-color-scheme.

export const themeCookie = "theme";

export const themes = ["light", "dark"] as const;

export type Theme = (typeof themes)[number];

export function parseTheme(value: string | undefined): Theme | undefined {
  return themes.find((theme) => theme === value);
}

/** A year, so the choice outlives the session; Lax, since the cookie carries no authority. */
export function themeCookieValue(theme: Theme): string {
  return `${themeCookie}=${theme}; path=/; max-age=31536000; samesite=lax`;
}
