// `tsx scripts/bench/profile-summary.ts <file.cpuprofile>`: where a server's CPU time went, by
// package, for the analysis in docs/benchmarks.md. Frames in Next.js's compiled chunks are mapped
// back through their source maps, since Turbopack bundles Prisma, zod and our own code into them.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const mapFile = `${fileURLToPath(url)}.map`;
    maps.set(url, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
  }
  return maps.get(url) ?? null;
}

/** The original file a frame's code came from: bundled frames through their map. */
function originOf(frame: CallFrame): string {
  if (!frame.url.startsWith("file://") || !frame.url.includes("/.next/")) return frame.url;
  const entry = sourceMapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  const source = entry && "originalSource" in entry ? entry.originalSource : undefined;
  return source ? `bundled:${source}` : frame.url;
}

/** Coarse areas: which package, or which part of Node, or our own code. */
function areaOf(frame: CallFrame): string {
  const special: Record<string, string> = {
    "(idle)": "idle",
    "(garbage collector)": "GC",
    "(program)": "V8/native (program)",
  };
  if (special[frame.functionName]) return special[frame.functionName] ?? "";
  const origin = originOf(frame);
  if (origin === "") return "native/builtin (writev, JSON, ...)";
  // npm start's bundle of scripts/start.ts and the lib/ files it imports (scripts/launch.mjs).
  if (origin.includes("/node_modules/.cache/notes/")) return "our code (lib/, app/, scripts/)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:dist\/)?([^/]+)?/.exec(origin);
  if (pkg?.[1] === "next") return `next (${pkg[2] ?? ""})`;
  if (pkg?.[1]) return pkg[1];
  // node:internal/webstreams/..., node:internal/deps/undici/...: which part of Node matters.
  if (origin.startsWith("node:"))
    return origin
      .split("/")
      .slice(0, origin.includes("/deps/") ? 3 : 2)
      .join("/");
  if (/\/(lib|app|scripts)\//.test(origin)) return "our code (lib/, app/, scripts/)";
  if (origin.includes("[turbopack]") || origin.includes("/.next/"))
    return "turbopack runtime / unmapped bundle";
  return origin;
}

function summarise(file: string, top: number): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    const micros = profile.timeDeltas[i] ?? 0;
    if (!frame) return;
    const area = areaOf(frame);
    if (area === "idle") {
      idle += micros;
      return;
    }
    busy += micros;
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
    const name = `${frame.functionName || "(anonymous)"}  [${area}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
  const ranked = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(
    `${file}\n  busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; shares of busy time:`,
  );
  for (const [area, micros] of ranked(byArea)) console.log(`  ${share(micros)}  ${area}`);
  console.log("  top functions (self time):");
  for (const [name, micros] of ranked(byFunction)) console.log(`  ${share(micros)}  ${name}`);
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile>...");
  process.exit(2);
}
for (const file of files) summarise(file, 20);
