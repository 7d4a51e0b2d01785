/**
 * Runs `task` every `intervalMs` in the background. A run never overlaps the previous one: the next
 * is timed from the end of the last. The timer does not keep the process alive. `stop()` cancels
 * the next run, aborts the one in progress (through its signal) and resolves when it has ended.
 */
export function repeatTask(options: { intervalMs: number; task: (signal: AbortSignal) => Promise<void> }): {
  stop: () => Promise<void>;
} {
  const { intervalMs, task } = options;
  const controller = new AbortController();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (controller.signal.aborted) return;
    timer = setTimeout(() => {
      running = task(controller.signal).finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    stop: async () => {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
