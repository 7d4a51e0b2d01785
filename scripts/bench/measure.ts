import { measureCpu, type CpuSplit } from "./cpu";
import type { SeededNotes } from "./fixtures";
import { checkInterrupted } from "./lifecycle";
import { runLoad, scenarioTitles, type ScenarioName } from "./load";
import { acceptGzip, rounds, seconds, warmupSeconds } from "./options";
import type { Measured, ScenarioResult } from "./report";
import { sampleRss } from "./rss";
import type { RunningServer } from "./servers";

/** One scenario on one server, with its memory and CPU split sampled during the measured window. */
export async function measure(
  name: ScenarioName,
  server: RunningServer,
  notes: SeededNotes,
  databaseName: string,
): Promise<Measured> {
  let rss: ReturnType<typeof sampleRss> | null = null;
  let cpu: ReturnType<typeof measureCpu> | null = null;
  let peakRssMiB = 0;
  let cpuCores: CpuSplit = { server: 0, postgres: 0, loadGenerator: 0, other: 0 };
  const result = await runLoad(
    name,
    server.url,
    notes,
    { warmupSeconds, seconds, acceptGzip },
    {
      start: () => {
        rss = sampleRss(server.pid);
        cpu = measureCpu(server.pid, databaseName);
      },
      end: () => {
        cpuCores = cpu?.stop() ?? cpuCores;
        peakRssMiB = rss?.stop() ?? peakRssMiB;
      },
    },
  );
  checkInterrupted();
  const { server: srv, postgres, loadGenerator, other } = cpuCores;
  console.log(
    `  ${name.padEnd(9)} ${server.kind.padEnd(8)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
      `  p50 ${result.p50Ms.toFixed(1)} ms  p99 ${result.p99Ms.toFixed(1)} ms  cores: server ${srv.toFixed(2)}` +
      ` postgres ${postgres.toFixed(2)} load ${loadGenerator.toFixed(2)} other ${other.toFixed(2)}` +
      (result.rampSeconds > 0
        ? `  (all connections answered after ${result.rampSeconds.toFixed(1)} s)`
        : "  (not every connection had an answer during the warm-up)"),
  );
  return { ...result, peakRssMiB, cpuCores };
}

type Contender = { server: RunningServer; notes: SeededNotes };

/**
 * A scenario on the app, the baseline and the floor (when it runs), `rounds` times in turn, so that
 * what else the machine does in a stretch of time falls on all three alike. With more than one
 * round, the result is the round with the median app/floor ratio (app/baseline without a floor),
 * and every round's ratios are kept.
 */
export async function measureRounds(
  name: ScenarioName,
  contenders: { app: Contender; baseline: Contender; floor: Contender | null },
  databaseName: string,
): Promise<ScenarioResult> {
  const results: ScenarioResult[] = [];
  for (let round = 0; round < rounds; round++) {
    const on = ({ server, notes }: Contender) => measure(name, server, notes, databaseName);
    const app = await on(contenders.app);
    const baseline = await on(contenders.baseline);
    const floor = contenders.floor && (await on(contenders.floor));
    const ratio = app.requestsPerSecond / baseline.requestsPerSecond;
    const floorRatio = floor && app.requestsPerSecond / floor.requestsPerSecond;
    results.push({ name, title: scenarioTitles[name], app, baseline, ratio, floor, floorRatio });
  }
  if (results.length === 1) return results[0]!;
  const key = (result: ScenarioResult) => result.floorRatio ?? result.ratio;
  const median = [...results].sort((a, b) => key(a) - key(b))[Math.floor(results.length / 2)]!;
  return { ...median, rounds: results.map(({ ratio, floorRatio }) => ({ ratio, floorRatio })) };
}
