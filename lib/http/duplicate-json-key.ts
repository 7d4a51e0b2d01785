// JSON.parse keeps the last of two equal keys in an object, so `{"password":"a","password":""}`
// would quietly become a note without a password. This finds the first key that appears twice in
// one object, in text that JSON.parse has already accepted: it walks the tokens only (a string is
// skipped in one search for its closing quote), so it costs little next to the parse itself.

type Frame = { keys: Set<string> | null; at: string | number; expectingKey: boolean };

const quote = 0x22;
const backslash = 0x5c;

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let escapes = 0;
    while (text.charCodeAt(end - 1 - escapes) === backslash) escapes++;
    if (escapes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/**
 * The path of the first key that appears twice in one object of `text` (valid JSON), e.g.
 * `["pages", 0, "title"]`; null when every object's keys are distinct. Keys are compared as JSON
 * reads them, so `"p\u0061ssword"` is `"password"`.
 */
export function duplicateKeyPath(text: string): (string | number)[] | null {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    const frame = frames.at(-1);
    if (char === quote) {
      const end = stringEnd(text, i);
      if (frame?.expectingKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
        frame.keys ??= new Set();
        if (frame.keys.has(key)) return [...frames.slice(0, -1).map((outer) => outer.at), key];
        frame.keys.add(key);
        frame.at = key;
        frame.expectingKey = false;
      }
      i = end;
    } else if (char === 0x7b /* { */) {
      frames.push({ keys: null, at: "", expectingKey: true });
    } else if (char === 0x5b /* [ */) {
      frames.push({ keys: null, at: 0, expectingKey: false });
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      frames.pop();
    } else if (char === 0x2c /* , */ && frame) {
      if (typeof frame.at === "number") frame.at++;
      else frame.expectingKey = true;
    }
  }
  return null;
}
