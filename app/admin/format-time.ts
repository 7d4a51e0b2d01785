/** A time as "2026-11-21 19:31:05 UTC": the same on the server and in every browser. */
export function formatTime(value: Date | string | null, empty = "never"): string {
  if (value === null) return empty;
  return `${new Date(value).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
