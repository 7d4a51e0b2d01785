// @ts-check
// What the client writes, as it reaches a terminal. A note's text, an answer's, a title, a file's
// name and a server's answers are other people's words: written raw to a terminal, their escape
// sequences (ESC, CSI, OSC, …) could retitle it, clear it, rewrite lines already shown or worse. So
// where stdout (or stderr) is a terminal, each control character other than newline and tab (and a
// carriage return just before a newline) is written as a visible stand-in: U+0000-U+001F as its
// Unicode control picture (ESC as ␛, U+241B), DEL as ␡ (U+2421), U+0080-U+009F as U+FFFD. To a pipe
// or a file the text goes out exactly as it is (docs/cli.md).

const controls = /\r(?!\n)|[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;

/** @param {string} char */
function standIn(char) {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  return code === 0x7f ? "\u2421" : "\ufffd";
}

/**
 * `text` as it may be written to `stream`: made harmless where the stream is a terminal.
 * @param {{ isTTY?: boolean }} stream
 * @param {string} text
 */
export function shownOn(stream, text) {
  return stream.isTTY ? text.replace(controls, standIn) : text;
}

/** Writes `text` to stdout, made harmless on a terminal. */
export const writeOut = (/** @type {string} */ text) =>
  void process.stdout.write(shownOn(process.stdout, text));

/** Writes `text` to stderr, made harmless on a terminal. */
export const writeErr = (/** @type {string} */ text) =>
  void process.stderr.write(shownOn(process.stderr, text));
