import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

// Processes that start at once on a folder whose lock a dead owner left behind (on another host,
// so it is judged by its age) all judge it stale together, and exactly one may take it over. The
// window is microseconds wide: four contenders try a hundred such locks, each lock at the same
// instant in all of them, and every lock must end with one holder.

const folder = mkdtempSync(path.join(tmpdir(), "notes-lock-race-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const rounds = 100;
const lockPath = (round: number) => path.join(folder, `lock-${round}`);

// A contender works in steps the test drives through its stdin, so that a slow start or a late
// round never overlaps the next step: "ready"; given a time, it tries each lock at its instant and
// says "tried"; told "check", it prints, per lock, "holds" (it took the lock and still holds it),
// "lost" (it took it and another took it away) or "refused"; told "release", it releases and exits.
const contender = `
  const { readFileSync } = await import("node:fs");
  const { createInterface } = await import("node:readline");
  const { acquireLock } = await import(${JSON.stringify(path.resolve("lib/db/embedded-lock.ts"))});
  const [folder, rounds] = [process.argv[1], Number(process.argv[2])];
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value;
  console.log("ready");
  const at = Number(await next());
  const taken = new Map();
  for (let round = 0; round < rounds; round++) {
    while (Date.now() < at + round * 20);
    try {
      taken.set(round, acquireLock(\`\${folder}/lock-\${round}\`, 3_600_000));
    } catch {}
  }
  console.log("tried");
  await next();
  const mine = (round) => readFileSync(\`\${folder}/lock-\${round}\`, "utf8").includes(\`"pid":\${process.pid},\`);
  const outcomes = Array.from({ length: rounds }, (_, round) =>
    taken.has(round) ? (mine(round) ? "holds" : "lost") : "refused",
  );
  console.log(JSON.stringify(outcomes));
  await next();
  for (const release of taken.values()) release();
  process.exit(0);
`;

type Contender = { say: (line: string) => void; said: () => Promise<string>; exited: Promise<unknown> };

function startContender(): Contender {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", contender, folder, String(rounds)],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    say: (line) => child.stdin.write(`${line}\n`),
    said: async () => String((await lines.next()).value),
    exited: once(child, "exit"),
  };
}

it("of four processes that find the same stale lock at once, exactly one takes it over", async () => {
  const deadOwner = { instance: "gone", pid: 4242, started: "1", where: "elsewhere", host: "old-host" };
  const longAgo = new Date(Date.now() - 2 * 3_600_000);
  for (let round = 0; round < rounds; round++) {
    writeFileSync(lockPath(round), JSON.stringify(deadOwner));
    utimesSync(lockPath(round), longAgo, longAgo);
  }

  const contenders = Array.from({ length: 4 }, startContender);
  const all = async (line?: string) => {
    if (line) for (const contender of contenders) contender.say(line);
    return Promise.all(contenders.map((contender) => contender.said()));
  };
  expect(await all()).toEqual(Array<string>(4).fill("ready"));
  expect(await all(String(Date.now() + 500))).toEqual(Array<string>(4).fill("tried"));
  const outcomes = (await all("check")).map((line) => JSON.parse(line) as string[]);
  for (const contender of contenders) contender.say("release");
  await Promise.all(contenders.map((contender) => contender.exited));

  const perLock = Array.from({ length: rounds }, (_, round) =>
    outcomes
      .map((outcome) => outcome[round])
      .sort()
      .join(" "),
  );
  expect(perLock).toEqual(Array<string>(rounds).fill("holds refused refused refused"));
  // The holders released their locks, and no takeover marker is left behind.
  expect(readdirSync(folder)).toEqual([]);
}, 60_000);
