// @ts-check
// What a command line node:util's parseArgs refuses becomes: one line naming the option, the nearest
// one it knows when the name looks mistyped, and the command's usage line from --help, instead of
// parseArgs's own text (written for programmers, with an unmatched quote). The client has no
// dependencies, so the distance is computed here.
import { usageError } from "./cli-error.js";
import { helpText } from "./help.js";

/**
 * The fewest insertions, deletions, substitutions and swaps of two neighbours from `a` to `b`
 * (optimal string alignment: "titel" is one swap from "title").
 * @param {string} a
 * @param {string} b
 */
function distance(a, b) {
  /** @type {number[][]} */
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) (d[0] ??= [])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const above = d[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] ?? 0, (d[i - 2]?.[j - 2] ?? 0) + 1);
      }
    }
  }
  return d[a.length]?.[b.length] ?? 0;
}

/**
 * The known option nearest to `name`, when it is near enough to be a slip (at most two edits, and
 * fewer than half its letters).
 * @param {string} name without dashes
 * @param {string[]} known
 */
function nearest(name, known) {
  const scored = known.map((option) => ({ option, edits: distance(name, option) }));
  const best = scored.sort((a, b) => a.edits - b.edits)[0];
  return best && best.edits <= 2 && best.edits < name.length / 2 ? best.option : undefined;
}

/**
 * The usage line from --help of the command `args` name (with request's subcommand), or the list of
 * commands.
 * @param {string[]} args
 */
function usageLine(args) {
  const words = args.filter((arg) => !arg.startsWith("-")).slice(0, 2);
  const command = words[0] === "request" ? words.join(" ") : words[0];
  const line = helpText.split("\n").find((text) => command && text.startsWith(`  notes ${command} `));
  const usage = line ? line.trim().split(/ {2,}/)[0] : "notes create|read|meta|delete|events|request";
  return `Usage: ${usage} (every option: notes --help)`;
}

/**
 * The usage error for `error`, which parseArgs threw for `args`; `known` are the option names.
 * @param {unknown} error
 * @param {string[]} args
 * @param {string[]} known
 */
export function argumentError(error, args, known) {
  const { code, message } = /** @type {Error & { code?: string }} */ (error);
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) {
    const guess = nearest(option.replace(/^-+/, ""), known);
    const hint = guess ? `, did you mean --${guess}?` : ".";
    return usageError(`unknown option ${option}${hint} ${usageLine(args)}`);
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) {
    return usageError(`${option} needs a value. ${usageLine(args)}`);
  }
  return usageError(`${message} ${usageLine(args)}`);
}
