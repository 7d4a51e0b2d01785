// @ts-check
// Bytes that arrive in pieces of whatever lengths their source chose (a file stream's 64 KiB, a
// download's network reads) regrouped into the pieces a format needs (a file's chunks), one at a
// time: nothing holds more than the piece being filled and the rest of one source piece.

/**
 * The bytes of `source` as `count` pieces, piece i of `lengthOf(i)` bytes, each in a buffer of its
 * own; throws `failures.short()` when the source ends early and `failures.long()` when it has more.
 * @param {AsyncIterable<Uint8Array>} source
 * @param {number} count
 * @param {(index: number) => number} lengthOf
 * @param {{ short: () => Error, long: () => Error }} failures
 * @returns {AsyncGenerator<Uint8Array<ArrayBuffer>>}
 */
export async function* regroup(source, count, lengthOf, failures) {
  const iterator = source[Symbol.asyncIterator]();
  /** @type {Uint8Array} */
  let rest = new Uint8Array(0);
  try {
    for (let index = 0; index < count; index++) {
      const piece = new Uint8Array(lengthOf(index));
      for (let filled = 0; filled < piece.length;) {
        if (rest.length === 0) {
          const next = await iterator.next();
          if (next.done) throw failures.short();
          rest = next.value;
          continue;
        }
        const taken = Math.min(piece.length - filled, rest.length);
        piece.set(rest.subarray(0, taken), filled);
        filled += taken;
        rest = rest.subarray(taken);
      }
      yield piece;
    }
    while (rest.length === 0) {
      const next = await iterator.next();
      if (next.done) return;
      rest = next.value;
    }
    throw failures.long();
  } finally {
    // Ends the source (closes a file, cancels a download) when the reader stops early or fails.
    await iterator.return?.();
  }
}
