import { measureCpu, type CpuSplit } from "./cpu";
import type { SeededNotes } from "./fixtures";
import { checkInterrupted } from "./lifecycle";
import { runLoad, scenarioTitles, type ScenarioName } from "./load";
import { acceptGzip, rounds, seconds, warmupSeconds } from "./options";
import type { Measured, ScenarioResult } from "./report";
import { sampleRss } from "./rss";
import type { RunningServer } from "./servers";

/**
 * One scenario on one server, with its memory and CPU split sampled during the measured window,
 * after `warmup` seconds of warm-up (and until every connection has had an answer).
 */
export async function measure(
  name: ScenarioName,
  server: RunningServer,
  notes: SeededNotes,
  databaseName: string,
  warmup = warmupSeconds,
): Promise<Measured> {
  let rss: ReturnType<typeof sampleRss> | null = null;
  let cpu: ReturnType<typeof measureCpu> | null = null;
  let peakRssMiB = 0;
  let cpuCores: CpuSplit = { server: 0, postgres: 0, loadGenerator: 0, other: 0 };
  const result = await runLoad(
    name,
    server.url,
    notes,
    { warmupSeconds: warmup, seconds, acceptGzip },
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
    `  ${name.padEnd(10)} ${server.kind.padEnd(8)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
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
 * what else the machine does in a stretch of time falls on all three alike. Only a server's first
 * round warms it up; later rounds start measuring once every new connection has had an answer, so
 * that a round's three windows lie seconds apart, not the warm-ups' tens of seconds, and every other
 * round takes them in the reverse order, so that a machine speeding up or slowing down during a
 * round favours none of them. With more than one round, the result is the round with the median
 * app/floor ratio (app/baseline without a floor), and every round's ratios are kept.
 */
export async function measureRounds(
  name: ScenarioName,
  contenders: { app: Contender; baseline: Contender; floor: Contender | null },
  databaseName: string,
): Promise<ScenarioResult> {
  const results: ScenarioResult[] = [];
  for (let round = 0; round < rounds; round++) {
    const on = ({ server, notes }: Contender) =>
      measure(name, server, notes, databaseName, round === 0 ? warmupSeconds : 0);
    const order = [contenders.app, contenders.baseline, contenders.floor];
    const measured = new Map<Contender, Measured>();
    for (const contender of round % 2 === 0 ? order : order.reverse()) {
      if (contender) measured.set(contender, await on(contender));
    }
    const app = measured.get(contenders.app)!;
    const baseline = measured.get(contenders.baseline)!;
    const floor = (contenders.floor && measured.get(contenders.floor)) ?? null;
    const ratio = app.requestsPerSecond / baseline.requestsPerSecond;
    const floorRatio = floor && app.requestsPerSecond / floor.requestsPerSecond;
    results.push({ name, title: scenarioTitles[name], app, baseline, ratio, floor, floorRatio });
  }
  if (results.length === 1) return results[0]!;
  const key = (result: ScenarioResult) => result.floorRatio ?? result.ratio;
  const median = [...results].sort((a, b) => key(a) - key(b))[Math.floor(results.length / 2)]!;
  return { ...median, rounds: results.map(({ ratio, floorRatio }) => ({ ratio, floorRatio })) };
}
