import { closeDatabase } from "../lib/db";

/**
 * Runs a command-line tool's `main` with its arguments, closes the database, and exits with the
 * code `main` gives; a thrown error is printed as one line and exits 1.
 */
export function runCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2))
    .then(async (code) => {
      await closeDatabase();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      await closeDatabase().catch(() => {});
      process.exit(1);
    });
}
