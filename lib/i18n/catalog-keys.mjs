// The messages of a catalog by their dotted keys, and what one catalog lacks of another. Plain
// JavaScript, so that `npm run i18n:missing` (scripts/i18n-missing.mjs) runs on Node without a build;
// lib/i18n/catalogs.test.ts uses the same functions.

/**
 * Every message of a catalog by its dotted key ("viewer.heading").
 * @param {Record<string, unknown>} tree a catalog, or a namespace of one
 * @returns {Map<string, string>}
 */
export function flattenMessages(tree, prefix = "") {
  const messages = new Map();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") messages.set(prefix + key, value);
    else {
      const inner = flattenMessages(/** @type {Record<string, unknown>} */ (value), `${prefix}${key}.`);
      for (const [innerKey, text] of inner) messages.set(innerKey, text);
    }
  }
  return messages;
}

/**
 * The keys `catalog` lacks of `reference` (missing) and has beyond it (extra), each sorted.
 * @param {Record<string, unknown>} reference
 * @param {Record<string, unknown>} catalog
 */
export function compareKeys(reference, catalog) {
  const wanted = flattenMessages(reference);
  const present = flattenMessages(catalog);
  return {
    missing: [...wanted.keys()].filter((key) => !present.has(key)).sort(),
    extra: [...present.keys()].filter((key) => !wanted.has(key)).sort(),
  };
}
