import { measureCpu, type CpuSplit } from "./cpu";
import type { SeededNotes } from "./fixtures";
import { checkInterrupted } from "./lifecycle";
import { runLoad, type ScenarioName } from "./load";
import { acceptGzip, seconds, warmupSeconds } from "./options";
import type { Measured } from "./report";
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
