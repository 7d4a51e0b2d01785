import path from "node:path";
import { largeNote, smallNote } from "./fixtures";

// Render CPU per note, in this process, without the server around it: `npm run bench:render`.
// Typical 1 KiB notes of one kind each, the API benchmark's mixed 1 KiB note, and two 500 KiB notes.
// BENCH_RENDER_MODULE measures another render-note.ts (an older one checked out elsewhere) instead;
// BENCH_RENDER_NOTES picks notes whose name contains one of its comma-separated words.

const modulePath = path.resolve(process.env.BENCH_RENDER_MODULE ?? "lib/render/render-note.ts");
const { renderNote } = (await import(modulePath)) as typeof import("../../lib/render/render-note");
const picked = process.env.BENCH_RENDER_NOTES?.split(",");

const fill = (unit: (n: number) => string, bytes: number) => {
  let text = "";
  for (let n = 1; text.length < bytes; n++) text += unit(n);
  return text.slice(0, bytes);
};

const prose = fill(
  (n) =>
    `Paragraph ${n} of the handover: the *staging* cluster moved to **eu-west**, see ` +
    `[the ticket](https://tracker.example.com/${n}) and ask \`@ops\` before touching it.\n\n`,
  1024,
);
const table = `| service | owner | port | state |\n|---|---|--:|:-:|\n${fill(
  (n) => `| api-${n} | team ${n % 5} | ${8000 + n} | ok |\n`,
  1000,
)}`;
const code =
  "```ts\n" +
  fill((n) => `export const limit${n} = await load("key-${n}", { retries: ${n} });\n`, 1000) +
  "```\n";
const log =
  "```\n" +
  fill(
    (n) => `2026-11-23T10:${String(n % 60).padStart(2, "0")}:00Z INFO worker ${n} done in ${n % 97} ms\n`,
    500 * 1024,
  ) +
  "```\n";

const NOTES: [string, string][] = [
  ["1 KiB prose", prose],
  ["1 KiB table", table],
  ["1 KiB code (ts)", code],
  ["1 KiB mixed (npm run bench)", smallNote],
  ["500 KiB log in a code block", log],
  ["500 KiB mixed (npm run bench)", largeNote],
];

const BUDGET_MS = Number(process.env.BENCH_RENDER_MS ?? 3000);

// CPU time, not wall time: on a shared machine other processes stretch wall time far more.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function measure(text: string): { min: number; median: number; runs: number } {
  for (let warm = 0; warm < 3; warm++) renderNote(text, "markdown");
  const times: number[] = [];
  const until = performance.now() + BUDGET_MS;
  while (times.length < 5 || performance.now() < until) {
    const started = cpuMs();
    renderNote(text, "markdown");
    times.push(cpuMs() - started);
  }
  times.sort((a, b) => a - b);
  return { min: times[0] ?? 0, median: times[Math.floor(times.length / 2)] ?? 0, runs: times.length };
}

// The minimum is the steadiest figure on a busy machine: other processes only ever add to it.
console.log(`| note | bytes | min CPU ms | median CPU ms | runs |\n|---|--:|--:|--:|--:|`);
for (const [name, text] of NOTES.filter(([name]) => !picked || picked.some((word) => name.includes(word)))) {
  const { min, median, runs } = measure(text);
  console.log(`| ${name} | ${text.length} | ${min.toFixed(2)} | ${median.toFixed(2)} | ${runs} |`);
}
