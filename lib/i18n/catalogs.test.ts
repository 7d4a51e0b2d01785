import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { catalogs, type Messages } from "./catalogs";
import { locales } from "./locales";

// Every catalog has every message of every other, each with the same placeholders (arguments and
// rich-text tags): a message missing from one language would show its key, and a placeholder only
// one language has would throw or print nothing when the page fills it in.

type Tree = { [key: string]: string | Tree };

/** Every message of a catalog by its dotted key ("viewer.heading"). */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const messages = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") messages.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) messages.set(inner, text);
  }
  return messages;
}

/** The names a message asks its caller for: `{count, plural, …}` is count, `<code>…</code>` is code. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if (element.type === TYPE.tag) placeholders(element.children, found);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
  }
  return found;
}

const placeholdersOf = (messages: Map<string, string>) =>
  Object.fromEntries([...messages].map(([key, text]) => [key, [...placeholders(parse(text))].sort()]));

const flat = (messages: Messages) => flatten(messages as unknown as Tree);

describe("message catalogs", () => {
  const english = flat(catalogs.en);

  it.each(locales.filter((locale) => locale !== "en"))("%s has exactly the messages of English", (locale) => {
    expect([...flat(catalogs[locale]).keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(locales.filter((locale) => locale !== "en"))(
    "%s asks for the same placeholders as English in every message",
    (locale) => {
      expect(placeholdersOf(flat(catalogs[locale]))).toEqual(placeholdersOf(english));
    },
  );

  it.each(locales)("%s has no empty message and none left in English", (locale) => {
    for (const [key, text] of flat(catalogs[locale])) {
      expect(text.trim(), key).not.toBe("");
      // A translation the same as English is a forgotten one, unless the words are the same there.
      if (locale !== "en" && text === english.get(key)) expect(sameInEveryLanguage, key).toContain(key);
    }
  });
});

/** Messages whose words are the same in German as in English (names, codes, loanwords). */
const sameInEveryLanguage = [
  "theme.system",
  "pageEditor.format",
  "pageEditor.markdown",
  "pageEditor.html",
  "pageEditor.text",
  "result.link",
  "recipients.placeholder",
  "admin.webhooksHeading",
  "admin.moderationHeading",
  "admin.keys.status",
  "admin.webhooks.tableLabel",
  "admin.webhooks.columnUrl",
  "admin.audit.columnClient",
  "admin.audit.columnDetails",
  "admin.moderation.status",
  "admin.moderation.format",
];
