import "server-only";
import { queryRows } from "../db";
import { keptAnswerSeconds } from "./idempotency-key";
import {
  forgetEndedKeptAnswerSql,
  isKeptAnswerConflict,
  keptAnswerSql,
  type KeepAnswer,
} from "./kept-answer-sql";

/** A kept answer still in its window, as kept_answers holds it. */
export type KeptAnswerRow<A> = {
  share_id: string;
  password_hash: string | null;
  key_proof_hash: string | null;
  answer: A;
};

/** Where a statement keeps its answer under `lookup`: for the window every kept answer has. */
export function keepingUnder(lookup: string): KeepAnswer {
  return { lookup, seconds: keptAnswerSeconds };
}

/** The answer kept under `lookup`, or null when none is (never kept, or its window ended). */
export async function keptAnswer<A>(lookup: string): Promise<KeptAnswerRow<A> | null> {
  const [kept] = await queryRows<KeptAnswerRow<A>>(keptAnswerSql(lookup));
  return kept ?? null;
}

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
