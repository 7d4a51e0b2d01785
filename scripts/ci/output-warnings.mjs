// What counts as a warning in the output of an install or a build, for check-output.mjs: any line
// that says warn, warning, deprecated, error, EBADENGINE, or begins with a warning sign, unless the
// allow-list below explains why it is harmless. An empty list is the goal: a clean install and build
// print nothing a newcomer has to wonder about.

const warningLine = /\bwarn(ings?)?\b|\bdeprecat|\berrors?\b|\bEBADENGINE\b|could not|^\s*⚠/i;

/**
 * Lines that look like warnings and are not, each with the reason. Add one only with a reason a user
 * would accept, and say it in one line in README.md too.
 * @type {{ line: RegExp, why: string }[]}
 */
export const allowed = [
  {
    line: /^\s*⚠ No build cache found\. Please configure build caching for faster rebuilds\./,
    why:
      "Next.js says it only when CI is set and .next/cache is missing, as on every fresh CI checkout: " +
      "there is no earlier build to reuse, so this build takes its full time. A build elsewhere never prints it.",
  },
];

// Colours and cursor movement, as Next.js and npm write them to a terminal.
const ansi = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** The lines of `output` that are warnings and not allowed, without colour codes. */
export function warningLines(output) {
  return output
    .replace(ansi, "")
    .split(/\r?\n/)
    .filter((line) => warningLine.test(line) && !allowed.some(({ line: ok }) => ok.test(line)));
}
