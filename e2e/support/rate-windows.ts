/**
 * Waits, when less than `roomMs` is left of the current rate-limit window of `windowMs` (windows
 * start at multiples of it, as the limiter counts them), until the next window has begun. A run of
 * counted requests that straddles two windows has its first part weighed partly out by the sliding
 * window, so fewer are refused than counted.
 */
export async function roomInWindow(windowMs: number, roomMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < roomMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
