import { sealedByPrefix } from "../crypto/seal";
import { insertFilesCte, type NewFiles } from "../files/file-sql";
import { Prisma } from "../generated/prisma/client";
import type { Reader } from "../notes/note-event-sql";
import { creationSecond } from "../notes/note-sql";
import type { SealedNotifyTarget } from "../notifications/notify-target";
import { answerEmailCte } from "../notifications/email-fan-out-sql";
import { insertNotifyTargetCte } from "../notifications/notify-target-sql";

// Every statement on the requests tables (requests, request_answers), run with queryRows like the
// notes tables' statements: an answer, its count and its webhook deliveries commit together.

export type RequestRow = {
  id: string;
  created_at: Date;
  expires_at: Date;
  /** sealed (lib/requests/request-sealing.ts) */
  title: string;
  instructions: string;
  max_answers: number;
  answer_count: number;
  public_key: string;
  owner_proof_hash: string;
  files_allowed: boolean;
  /** its public link (page, answers) only for a signed-in person */
  sign_in_required: boolean;
};

type NewRequest = Omit<RequestRow, "created_at" | "expires_at" | "answer_count"> & {
  lifetime: number;
  api_key_id: string | null;
  created_by: string | null;
  notify?: SealedNotifyTarget;
};

/**
 * Inserts a request unless its id is taken (then no row): the caller tries another id. With its
 * notification target, in the same statement.
 */
export function insertRequestSql(request: NewRequest) {
  return Prisma.sql`
    WITH request AS (
      INSERT INTO requests (id, expires_at, title, instructions, max_answers, public_key, owner_proof_hash, api_key_id,
                            created_by, files_allowed, sign_in_required)
      VALUES (${request.id}, ${creationSecond} + make_interval(secs => ${request.lifetime}::int),
              ${request.title}, ${request.instructions}, ${request.max_answers}::int, ${request.public_key},
              ${request.owner_proof_hash}, ${request.api_key_id}::uuid,
              ${request.created_by}, ${request.files_allowed}, ${request.sign_in_required})
      ON CONFLICT (id) DO NOTHING
      RETURNING id, created_at, expires_at, max_answers, files_allowed, sign_in_required
    )${insertNotifyTargetCte(request.notify, "request")}
    SELECT id, created_at, expires_at, max_answers, files_allowed, sign_in_required FROM request`;
}

/** A live request (not expired); no row for any other. */
export function liveRequestSql(id: string) {
  return Prisma.sql`
    SELECT id, created_at, expires_at, title, instructions, max_answers, answer_count, public_key, owner_proof_hash,
           files_allowed, sign_in_required
    FROM requests WHERE id = ${id} AND expires_at > now()`;
}

export type AnsweredRow = { number: number; created_at: Date; answers_left: number };

/**
 * Takes an answer when the request is live and open: counting it and storing it are one statement,
 * and the row lock of the count makes concurrent answers wait and check again, so exactly
 * max_answers land. Queues a `request.answered` delivery for each webhook of the request's key or of
 * its creator that subscribed to it, and its email when the request has a notification target. With `files`, the answer is pending until they are uploaded, and its files are
 * stored with it. No row when the request is closed, expired or unknown.
 */
export function answerRequestSql(id: string, envelope: string, reader: Reader, files?: NewFiles) {
  return Prisma.sql`
    WITH counted AS (
      UPDATE requests SET answer_count = answer_count + 1
      WHERE id = ${id} AND expires_at > now() AND answer_count < max_answers
      RETURNING id, api_key_id, created_by, answer_count, max_answers
    ), answer AS (
      INSERT INTO request_answers (request_id, number, envelope, client, browser,
                                   file_count, files_left, files_pending, upload_token_hash, upload_expires_at,
                                   files_charged_to)
      SELECT id, answer_count, ${envelope}, ${reader.client}, ${reader.browser},
             ${files?.list.length ?? 0}::int, ${files?.list.length ?? 0}::int, ${files !== undefined},
             ${files?.uploadTokenHash ?? null}, ${files?.uploadExpiresAt ?? null}::timestamptz,
             ${files?.chargedTo ?? null}
      FROM counted
      RETURNING request_id, number, created_at
    ), ${insertFilesCte(files, "answer")} queued AS (
      INSERT INTO webhook_deliveries (webhook_id, event, payload)
      SELECT w.id, 'request.answered', jsonb_build_object(
               'type', 'request.answered',
               'timestamp', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'data', jsonb_build_object('id', c.id, 'answer', a.number,
                                          'answers_left', c.max_answers - c.answer_count))
             -- A chat message names the answerer's browser family (lib/webhooks/fan-out-sql.ts).
             || CASE WHEN w.format = 'standard' THEN '{}'::jsonb
                     ELSE jsonb_build_object('browser', ${reader.browser}::text) END
      FROM counted c CROSS JOIN answer a
      -- The key's webhooks and its creator's (lib/webhooks/fan-out-sql.ts): each once.
      JOIN webhooks w ON (w.api_key_id = c.api_key_id OR w.person_id = c.created_by)
                     AND 'request.answered' = ANY(w.events)
    )${answerEmailCte(reader.browser)}
    SELECT a.number, a.created_at, c.max_answers - c.answer_count AS answers_left
    FROM counted c CROSS JOIN answer a`;
}

export type AnswerRow = {
  number: number;
  created_at: Date;
  read_at: Date | null;
  client: string | null;
  browser: string | null;
  file_count: number;
  files_pending: boolean;
};

/** A request's answers, oldest first, without their envelopes. */
export function listAnswersSql(id: string) {
  return Prisma.sql`
    SELECT number, created_at, read_at, client, browser, file_count, files_pending FROM request_answers
    WHERE request_id = ${id} ORDER BY number`;
}

/** One answer with its envelope, marked read the first time it is fetched complete. */
export function readAnswerSql(id: string, number: number) {
  return Prisma.sql`
    UPDATE request_answers SET read_at = CASE WHEN files_pending THEN read_at ELSE coalesce(read_at, now()) END
    WHERE request_id = ${id} AND number = ${number}::int
    RETURNING number, created_at, read_at, client, browser, file_count, files_pending, envelope`;
}

export function deleteAnswerSql(id: string, number: number) {
  return Prisma.sql`
    DELETE FROM request_answers WHERE request_id = ${id} AND number = ${number}::int RETURNING number`;
}

/** Deletes a request, its answers with it (they cascade); a row when there was one. */
export function deleteRequestSql(id: string) {
  return Prisma.sql`DELETE FROM requests WHERE id = ${id} RETURNING id`;
}

/** Deletes up to `batchSize` expired requests, their answers with them. */
export function purgeRequestsSql(batchSize: number) {
  return Prisma.sql`
    WITH gone AS (
      DELETE FROM requests WHERE id IN (
        SELECT id FROM requests WHERE expires_at <= now() LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)
      RETURNING 1
    )
    SELECT count(*)::int AS deleted FROM gone`;
}

export type StoredRequestText = { id: string; title: string; instructions: string };

/**
 * The next `batchSize` requests after id `after` whose title or instructions are not sealed by
 * `keyId`, expired ones included (they still hold text until the cleanup deletes them).
 */
export function requestTextsToResealSql(keyId: string, after: string, batchSize: number) {
  const prefix = sealedByPrefix(keyId);
  return Prisma.sql`
    SELECT id, title, instructions FROM requests
    WHERE NOT (starts_with(title, ${prefix}) AND starts_with(instructions, ${prefix})) AND id > ${after}
    ORDER BY id LIMIT ${batchSize}::int`;
}

export type ResealedRequestText = StoredRequestText & { was_title: string; was_instructions: string };

/** Writes re-sealed texts in one statement, each only if still as it was read. */
export function resealRequestTextsSql(requests: ResealedRequestText[]) {
  return Prisma.sql`
    WITH resealed AS (
      UPDATE requests q SET title = r.title, instructions = r.instructions
      FROM json_to_recordset(${JSON.stringify(requests)}::json)
        AS r(id text, title text, instructions text, was_title text, was_instructions text)
      WHERE q.id = r.id AND q.title = r.was_title AND q.instructions = r.was_instructions
      RETURNING 1)
    SELECT count(*)::int AS resealed FROM resealed`;
}

/** Whether any request's title or instructions is still sealed with the key. */
export function requestTextsSealedBySql(keyId: string) {
  const prefix = sealedByPrefix(keyId);
  return Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM requests
                   WHERE starts_with(title, ${prefix}) OR starts_with(instructions, ${prefix})) AS used`;
}
