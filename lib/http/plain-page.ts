import { textDirection, type Locale } from "../i18n/locales";

// The few pages answered from outside the React tree (a refused request, before or instead of a
// page): a heading, a paragraph and perhaps a link, in the visitor's language and direction, with no
// script and no style sheet. Every text is escaped.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.codePointAt(0)};`);

export function plainPageHtml(
  locale: Locale,
  page: { title: string; text: string; link?: { href: string; label: string } },
): string {
  const title = escapeHtml(page.title);
  const link = page.link
    ? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>`
    : "";
  return (
    `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(page.text)}</p>${link}</main></body></html>\n`
  );
}
