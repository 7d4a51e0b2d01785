// The floor's duties (floor-server.ts), written out plainly: its three statements and its sealing.
// Deliberately none of the app's domain code (lib/notes, lib/db, lib/crypto): the floor is what a
// note service on node:http and pg needs at least to do the same work, so it must not inherit the
// app's costs. Its notes are stored as the app stores them (same tables, same sealed form), so app,
// baseline and floor all read the same kind of row.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from "node:crypto";

/** A note is live while neither burned nor expired (the app's liveNote). */
const live = "burned_at IS NULL AND (expires_at IS NULL OR expires_at > now())";
/**
 * What the floor serves without a check of its own: no password, not an owner handle of recipients'
 * links, no files pending. Others are simply not found: the floor has no password path, as the bench
 * sends none. A key proof is checked as the app checks it: its SHA-256 (hex) against the stored one.
 */
const plain = "password_hash IS NULL AND live_links IS NULL AND NOT files_pending";
const proven = "(key_proof_hash IS NULL OR key_proof_hash = $4)";
const readColumns =
  "id, created_at, expires_at, burn_after, read_count, burned_at IS NOT NULL AS burned, encrypted";

export type FloorStatement = { name: string; text: string };

/**
 * A read in one statement: a note with a view limit consumes one under its row lock (burning it at
 * the last), a note without one is only looked at, and either way one access-log row is inserted.
 * $1 id, $2 the reader's fingerprint, $3 its browser family, $4 the key proof's hash (null: none sent,
 * so only a note without one is read).
 */
export const readStatement: FloorStatement = {
  name: "floor_read",
  text: `
    WITH consumed AS (
      UPDATE shares SET read_count = read_count + 1,
        burned_at = CASE WHEN read_count + 1 >= burn_after THEN now() END
      WHERE id = $1 AND ${live} AND ${plain} AND ${proven} AND burn_after IS NOT NULL
      RETURNING ${readColumns}
    ), viewed AS (
      SELECT ${readColumns} FROM shares WHERE id = $1 AND ${live} AND ${plain} AND ${proven} AND burn_after IS NULL
    ), opened AS (
      SELECT * FROM consumed UNION ALL SELECT * FROM viewed
    ), logged AS (
      INSERT INTO note_events (share_id, type, at, remaining_views, client, browser)
      SELECT id, 'read'::note_event_type, now(), burn_after - read_count, $2, $3 FROM opened
    )
    SELECT o.id, o.created_at, o.expires_at, o.burn_after, o.read_count, o.burned, o.encrypted,
           p.content, p.content_type, p.html
    FROM opened o JOIN share_pages p ON p.share_id = o.id AND p.page_index = 0`,
};

/** A live note's metadata columns. $1 id. */
export const metaStatement: FloorStatement = {
  name: "floor_meta",
  text: `
    SELECT id, created_at, expires_at, burn_after,
           CASE WHEN burn_after IS NOT NULL THEN greatest(burn_after - read_count, 0) END AS remaining_views,
           password_hash IS NOT NULL AS password_required, content_type, page_count, encrypted,
           burn_after_failures - failed_attempts AS password_attempts_left
    FROM shares WHERE id = $1 AND ${live}`,
};

/**
 * A single-page keyless Markdown note, or an end-to-end one, its page and its `created` log entry, in
 * one statement. $1 id, $2 lifetime in seconds, $3 burn_after, $4 size in bytes, $5 the delete token's
 * SHA-256, $6 sealed content, $7 sealed HTML, $8 the sealing key's id, $9 end to end, $10 the key
 * proof's SHA-256 (null: none).
 */
export const createStatement: FloorStatement = {
  name: "floor_create",
  text: `
    WITH note AS (
      INSERT INTO shares (id, expires_at, burn_after, content_type, page_count, multi_page, size_bytes,
                          delete_token_hash, encrypted, key_proof_hash)
      VALUES ($1, date_trunc('second', now()::timestamptz(3)) + make_interval(secs => $2::int), $3::int, 'markdown'::content_type, 1,
              false, $4::int, $5, $9, $10)
      ON CONFLICT (id) DO NOTHING
      RETURNING id, created_at, expires_at, burn_after, encrypted
    ), created AS (
      INSERT INTO note_events (share_id, type, at, delete_token_hash, encrypted)
      SELECT id, 'created'::note_event_type, created_at, $5, encrypted FROM note
    ), page AS (
      INSERT INTO share_pages (share_id, page_index, title, content, content_type, html, sealed_by)
      SELECT id, 0, NULL, $6, 'markdown'::content_type, $7, $8 FROM note
    )
    SELECT id, created_at, expires_at, burn_after FROM note`,
};

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `length` unbiased characters of [A-Za-z0-9] (248 = 4 * 62: higher bytes are dropped). */
export function randomId(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length + 8)) {
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * `secret` is the key made once: Node 24 takes raw key bytes only after trying them as a KeyObject
 * and as a CryptoKey, each by catching an exception, which cost the floor's read about a fifth of
 * its CPU (docs/benchmarks.md). The app makes its keys once too (lib/crypto/seal.ts).
 */
type FloorKey = { id: string; secret: KeyObject };

/** The first key of ENCRYPTION_KEYS, named as the app names keys, so either opens the other's pages. */
export function floorKeyFrom(encryptionKeys: string): FloorKey {
  const text = encryptionKeys.split(/[\s,]+/).find(Boolean) ?? "";
  const bytes = Buffer.from(text, "base64url");
  if (bytes.length !== 32) throw new Error("The floor needs ENCRYPTION_KEYS: one base64url 32-byte key.");
  const id = createHash("sha256")
    .update(`notes sealing key|${bytes.toString("base64url")}`)
    .digest("base64url")
    .slice(0, 8);
  return { id, secret: createSecretKey(bytes) };
}

// AES-256-GCM, `v1.<key id>.<base64url(iv | ciphertext | tag)>`, bound to note, page and field by
// associated data: the app's sealed form (lib/crypto/seal.ts, lib/notes/note-sealing.ts).
const bound = (noteId: string, field: "content" | "html") => Buffer.from(`notes/v1|${noteId}|0|${field}`);

export function sealField(key: FloorKey, noteId: string, field: "content" | "html", text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.secret, iv);
  cipher.setAAD(bound(noteId, field));
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `v1.${key.id}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** Opens a value sealed by `key`; throws when another key sealed it or it was altered. */
export function openField(key: FloorKey, noteId: string, field: "content" | "html", sealed: string): string {
  const prefix = `v1.${key.id}.`;
  if (!sealed.startsWith(prefix)) throw new Error("The page was sealed by another key.");
  const data = Buffer.from(sealed.slice(prefix.length), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key.secret, data.subarray(0, 12));
  decipher.setAAD(bound(noteId, field));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(12, data.length - 16)), decipher.final()]).toString(
    "utf8",
  );
}
