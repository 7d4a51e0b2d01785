// @ts-check
// A file's progress on one line of stderr, redrawn in place, only when stderr is a terminal: a
// script that captures stderr gets its error lines alone, not a stream of carriage returns.

const MiB = 1024 * 1024;
const mib = (/** @type {number} */ bytes) => (bytes / MiB).toFixed(1);

/**
 * @param {string} label what moves, e.g. "sending report.pdf"
 * @param {number} total its bytes
 * @returns {{ advance: (bytes: number) => void, end: () => void }}
 */
export function progress(label, total) {
  if (!process.stderr.isTTY) return { advance() {}, end() {} };
  let done = 0;
  const draw = () => {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    process.stderr.write(`\r${label}: ${mib(done)} of ${mib(total)} MiB (${percent}%)`);
  };
  draw();
  return {
    advance(bytes) {
      done += bytes;
      draw();
    },
    end() {
      process.stderr.write("\n");
    },
  };
}
