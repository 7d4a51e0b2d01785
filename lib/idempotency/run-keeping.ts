import "server-only";
import { queryRows } from "../db";
import { forgetEndedKeptAnswerSql, isKeptAnswerConflict } from "../notes/kept-answer-sql";

/**
 * Runs a statement that keeps its answer under `lookup`. When another request with the same key
 * kept one first (or was in flight at the same time: Postgres makes this one wait for it), the
 * statement fails as a whole, doing nothing, and `kept()` answers with the kept answer instead. A
 * kept answer whose window has ended (not yet deleted by the cleanup) is deleted, and the statement
 * runs once more.
 */
export async function runKeeping<T, K>(
  lookup: string,
  run: () => Promise<T>,
  kept: () => Promise<K | null>,
): Promise<T | K> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isKeptAnswerConflict(error)) throw error;
      const answer = await kept();
      if (answer !== null) return answer;
      if (attempt > 0) throw error;
      await queryRows(forgetEndedKeptAnswerSql(lookup));
    }
  }
}
