// Values this process holds one of: the database, the rate-limit store, the shutdown hooks. Next.js
// bundles copies of lib/ of its own (per entry point, and again on each dev reload) beside the one
// scripts/start.ts imports, so module-level state would split between copies: a second database
// pool, or rate-limit counters a client could spread its requests over. globalThis is shared by all.
export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`notes.${key}`);
  return (store[symbol] ??= create());
}
