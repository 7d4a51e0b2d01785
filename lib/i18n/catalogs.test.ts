import {
  parse,
  TYPE,
  type MessageFormatElement,
  type PluralElement,
} from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { notePolicy } from "../notes/note-policy";
import { compareKeys, flattenMessages } from "./catalog-keys.mjs";
import { catalogs, type Messages } from "./catalogs";
import { locales, type Locale } from "./locales";
import { sameAsEnglish, sameEverywhere } from "./same-as-english";

// Every catalog has every message of English, each with the same placeholders (arguments and
// rich-text tags), and its plurals in the forms of its own language: a message missing from one
// language would show its key, a placeholder only one language has would throw or print nothing
// when the page fills it in, and a Polish or Arabic plural without its "few" form would say
// "5 reads" with the wrong ending. `npm run i18n:missing` lists what each catalog lacks.

/** The elements of a message, nested ones (inside tags, plural and select options) included. */
function* elementsOf(elements: MessageFormatElement[]): Generator<MessageFormatElement> {
  for (const element of elements) {
    yield element;
    if (element.type === TYPE.tag) yield* elementsOf(element.children);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) yield* elementsOf(option.value);
    }
  }
}

/** The names a message asks its caller for: `{count, plural, …}` is count, `<code>…</code>` is code. */
const placeholders = (text: string) =>
  [
    ...new Set(
      [...elementsOf(parse(text))].flatMap((element) =>
        element.type === TYPE.literal || element.type === TYPE.pound ? [] : [element.value],
      ),
    ),
  ].sort();

const plurals = (text: string) =>
  [...elementsOf(parse(text))].filter((element): element is PluralElement => element.type === TYPE.plural);

/**
 * The plural forms a language's messages need: those its rules pick for some count a page shows (a
 * read limit, pages, wrong passwords, recipients' links: 0 up to the read limit's maximum).
 */
function neededForms(locale: Locale): Set<string> {
  const rules = new Intl.PluralRules(locale);
  return new Set(Array.from({ length: notePolicy.maxBurnAfter + 1 }, (_, count) => rules.select(count)));
}

const flat = (messages: Messages) => flattenMessages(messages);
const english = flat(catalogs.en);
const translated = locales.filter((locale) => locale !== "en");

describe("message catalogs", () => {
  it.each(translated)("%s has exactly the messages of English", (locale) => {
    // Names the keys: "missing" are to translate, "extra" to delete (npm run i18n:missing lists both).
    expect(compareKeys(catalogs.en, catalogs[locale])).toEqual({ missing: [], extra: [] });
  });

  it.each(translated)("%s asks for the same placeholders as English in every message", (locale) => {
    const differing = [...flat(catalogs[locale])].flatMap(([key, text]) => {
      const [asked, wanted] = [
        placeholders(text).join(", "),
        placeholders(english.get(key) ?? "").join(", "),
      ];
      return english.has(key) && asked !== wanted ? [`${key}: {${asked}} where English has {${wanted}}`] : [];
    });
    expect(differing).toEqual([]);
  });

  it.each(locales)("%s words every plural in its language's forms, and only in those", (locale) => {
    const forms = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
    const needed = neededForms(locale);
    const wrong: string[] = [];
    for (const [key, text] of flat(catalogs[locale])) {
      for (const plural of plurals(text)) {
        const options = Object.keys(plural.options);
        const unknown = options.filter(
          (option) => !forms.has(option as Intl.LDMLPluralRule) && !/^=\d+$/.test(option),
        );
        const lacking = [...needed].filter((form) => !options.includes(form));
        if (unknown.length + lacking.length > 0) {
          wrong.push(
            `${key}: ${[...unknown.map((form) => `no ${form} in ${locale}`), ...lacking.map((form) => `lacks ${form}`)].join(", ")}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("needs the forms of each language's grammar: more of them in Polish and Arabic", () => {
    expect([...neededForms("en")].sort()).toEqual(["one", "other"]);
    expect([...neededForms("pl")].sort()).toEqual(["few", "many", "one"]);
    expect([...neededForms("ar")].sort()).toEqual(["few", "many", "one", "other", "two", "zero"]);
    expect([...neededForms("ja")]).toEqual(["other"]);
  });

  it.each(translated)("%s has no empty message and none left in English", (locale) => {
    // A translation the same as English is a forgotten one, unless the words are the same there.
    const allowed = new Set([...sameEverywhere, ...(sameAsEnglish[locale] ?? [])]);
    const suspicious = [...flat(catalogs[locale])]
      .filter(([key, text]) => text.trim() === "" || (text === english.get(key) && !allowed.has(key)))
      .map(([key]) => key);
    expect(suspicious).toEqual([]);
  });
});
