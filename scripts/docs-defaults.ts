// Where the documents state a setting's default, for scripts/docs.test.ts: docs/configuration.md's
// table is the reference, and every other statement of a default (a "Default" column of another
// table, "`NAME` (default 15)" in prose, "Default: 900" in .env.example) must say the same, so that a
// default changed in one place and not in another fails the tests instead of misleading a reader.

export type StatedDefault = { file: string; setting: string; value: string };

/** The text outside fenced code blocks, where a name in backticks is the setting itself. */
const withoutFences = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, "");

const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

const namesIn = (text: string, settings: ReadonlySet<string>) =>
  [...text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!).filter((name) => settings.has(name));

/** Rows of every table whose header has a "Default" column: the settings named in the first cell and the default cell. */
function tableDefaults(file: string, markdown: string, settings: ReadonlySet<string>): StatedDefault[] {
  const stated: StatedDefault[] = [];
  const tables = withoutFences(markdown).match(/^\|.*\|[ \t]*(?:\n\|.*\|[ \t]*)+/gm) ?? [];
  for (const table of tables) {
    const [header = "", , ...rows] = table.split("\n");
    const column = cellsOf(header).findIndex((cell) => /^default$/i.test(cell));
    if (column < 1) continue;
    for (const row of rows) {
      const cells = cellsOf(row);
      const names = namesIn(cells[0] ?? "", settings);
      const cell = cells[column] ?? "";
      if (names.length === 0 || cell === "") continue;
      // One row for several settings ("`PORT`, `HOST`") gives their defaults in order, comma-separated.
      const parts = names.length > 1 ? cell.split(/,\s+/) : [cell];
      names.forEach((setting, index) =>
        stated.push({ file, setting, value: parts.length === names.length ? parts[index]! : cell }),
      );
    }
  }
  return stated;
}

// A value runs to the first comma, semicolon or closing parenthesis outside backticks (a comma between
// digits, as in 1,000, belongs to the number).
const value = String.raw`((?:\x60[^\x60]*\x60|\d,\d|[^,;)\x60])+)`;
/** What may follow a setting's name in prose to state its default, each capturing the value. */
const proseForms = [
  String.raw`^\s*[,(]\s*default:?\s+${value}`, // `X`, default 15 / `X` (default 15)
  String.raw`^\s*[,(]\s*${value}\s+by default`, // `X`, 15 minutes by default
  String.raw`^\s+defaults to\s+${value}`, // `X` defaults to 900
  String.raw`^\s+is\s+${value}\s+by default`, // `X` is 900 by default
].map((form) => new RegExp(form, "i"));

/** Statements of a default in prose, right after the setting's name. */
function proseDefaults(file: string, markdown: string, settings: ReadonlySet<string>): StatedDefault[] {
  const stated: StatedDefault[] = [];
  for (const block of withoutFences(markdown).split(/\n\s*\n/)) {
    const text = block
      .split("\n")
      .filter((line) => !line.trimStart().startsWith("|"))
      .join(" ")
      .replace(/\s+/g, " ");
    for (const match of text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) {
      const setting = match[1]!;
      if (!settings.has(setting)) continue;
      const rest = text.slice(match.index + match[0].length);
      const said = proseForms.map((form) => form.exec(rest)?.[1]).find((group) => group !== undefined);
      // A bare quantity in parentheses right after the name: "`ACCESS_LOG_RETENTION_DAYS` (30)".
      const bare = /^\s*\(([^()]+)\)/.exec(rest)?.[1];
      const valueText = said ?? (bare !== undefined && quantity(setting, bare) !== null ? bare : undefined);
      if (valueText !== undefined) stated.push({ file, setting, value: valueText.trim() });
    }
  }
  return stated;
}

/** Every default a Markdown document states, in tables and in prose. */
export function statedDefaults(
  file: string,
  markdown: string,
  settings: ReadonlySet<string>,
): StatedDefault[] {
  return [...tableDefaults(file, markdown, settings), ...proseDefaults(file, markdown, settings)];
}

/** `.env.example`'s "Default: …" in the comment above a single variable. */
export function exampleDefaults(
  file: string,
  example: string,
  settings: ReadonlySet<string>,
): StatedDefault[] {
  // A group is comment lines and the variables below them; a comment after a variable starts the next.
  const groups: { comments: string[]; names: string[] }[] = [];
  for (const line of example.split("\n")) {
    const name = /^#? ?([A-Z][A-Z0-9_]+)=/.exec(line)?.[1];
    const last = groups.at(-1);
    if (name) last?.names.push(name);
    else if (line.trim() === "") groups.push({ comments: [], names: [] });
    else if (!last || last.names.length > 0) groups.push({ comments: [line], names: [] });
    else last.comments.push(line);
  }
  return groups.flatMap(({ comments, names }) => {
    const said = comments
      .map((line) => /\bDefault: (.+)$/.exec(line)?.[1])
      .find((found) => found !== undefined);
    const setting = names[0];
    return names.length === 1 && setting && settings.has(setting) && said
      ? [{ file, setting, value: said }]
      : [];
  });
}

/** docs/configuration.md's table: each setting's default cell. */
export function referenceDefaults(markdown: string): Map<string, string> {
  const rows = markdown.match(/^\| `[A-Z][A-Z0-9_]+` +\|.*$/gm) ?? [];
  return new Map(rows.map((row) => [cellsOf(row)[0]!.replaceAll("`", ""), cellsOf(row)[1]!]));
}

/** Each unit's words, and its size in the base unit of its kind (milliseconds, bytes). */
const unitFactors: Record<string, number> = Object.fromEntries(
  (
    [
      [1, "ms millisecond milliseconds B bytes"],
      [1e3, "s sec second seconds"],
      [6e4, "m min minute minutes"],
      [36e5, "h hour hours"],
      [864e5, "d day days"],
      [2 ** 10, "KiB"],
      [2 ** 20, "MiB"],
      [2 ** 30, "GiB"],
      [1e6, "MB"],
    ] as const
  ).flatMap(([factor, words]) => words.split(" ").map((word) => [word, factor])),
);

/** The unit a bare number of this setting is in, from its name. */
function impliedUnit(setting: string): string {
  const suffix = /_(MS|SECONDS|DAYS|HOURS|MB|BYTES)$/.exec(setting)?.[1];
  const bySuffix: Record<string, string> = {
    MS: "ms",
    SECONDS: "s",
    DAYS: "d",
    HOURS: "h",
    MB: "MB",
    BYTES: "B",
  };
  if (suffix) return bySuffix[suffix]!;
  return setting === "UPLOAD_EXPIRY" ? "s" : "";
}

/** `900`, "15 minutes", "1,000", `100MiB` as one number in the setting's base unit; null when it is no quantity. */
export function quantity(setting: string, text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([A-Za-z]*)$/.exec(
    text
      .replaceAll("`", "")
      .replace(/(\d),(\d)/g, "$1$2")
      .trim(),
  );
  if (!match) return null;
  const unit = match[2] === "" ? impliedUnit(setting) : match[2]!;
  const factor = unit === "" ? 1 : (unitFactors[unit] ?? unitFactors[unit.toLowerCase()]);
  return factor === undefined ? null : Number(match[1]) * factor;
}

/** The value a default cell or phrase states: its first literal in backticks, else its words before a colon or parenthesis. */
function statedValue(text: string): string {
  const literal = /^`([^`]+)`/.exec(text.trim())?.[1];
  return (literal ?? text.split(/:\s|\s\(|,\s/)[0]!).trim();
}

/** Whether two statements of a setting's default say the same: as quantities, else as words. */
export function sameDefault(setting: string, one: string, other: string): boolean {
  const [a, b] = [statedValue(one), statedValue(other)];
  const [qa, qb] = [quantity(setting, a), quantity(setting, b)];
  if (qa !== null && qb !== null) return qa === qb;
  const words = (text: string) =>
    text.replaceAll("`", "").replace(/\s+/g, " ").replace(/\.$/, "").toLowerCase().trim();
  return words(a) === words(b);
}
