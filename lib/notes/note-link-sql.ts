import { Prisma } from "../generated/prisma/client";

// A note sent to recipients is one owner row holding the content (its pages are sealed under the
// owner's id) and one `shares` row per recipient's link, naming the owner in content_id. Each link
// counts its own reads and wrong passwords; the owner counts its live links in live_links. The
// statement that ends a link (last read, last wrong password, delete) also takes one from that
// count: an UPDATE re-reads the owner's latest row version after waiting on its lock, so parallel
// ends count one by one and exactly one of them sees zero, which destroys the content in the same
// statement. (A check of the siblings in a CTE would read the statement's snapshot and could miss
// a link ended at the same time.)

/** A recipient's link; `label` is sealed when stored (lib/notes/recipient-sealing.ts). */
export type RecipientLink = { id: string; label: string };

/** What every link copies from its note: the owner row's columns it cannot read in `note`. */
type LinkTraits = {
  passwordHash: string | null;
  burnAfterFailures: number | null;
  multiPage: boolean;
  keyProofHash: string | null;
};

/**
 * The owner row's insert condition: none of the links' ids is taken, so that a collision inserts
 * nothing (and the caller retries with new ids), like an owner id collision.
 */
export function linkIdsFree(links: RecipientLink[]) {
  if (links.length === 0) return Prisma.sql`true`;
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM shares WHERE id = ANY(${links.map((link) => link.id)}::text[]))`;
}

/** The CTE `links` inserting the links of the owner row in CTE `note`; nothing without links. */
export function insertLinksCte(links: RecipientLink[], traits: LinkTraits) {
  if (links.length === 0) return Prisma.empty;
  return Prisma.sql`
    links AS (
      INSERT INTO shares (id, content_id, recipient, expires_at, burn_after, password_hash, content_type,
                          page_count, multi_page, size_bytes, api_key_id, created_by, delete_token_hash,
                          burn_after_failures, encrypted, key_proof_hash, file_count, files_pending,
                          sign_in_required)
      SELECT r.id, note.id, r.label, note.expires_at, note.burn_after, ${traits.passwordHash},
             note.content_type, note.page_count, ${traits.multiPage}, 0, note.api_key_id, note.created_by,
             note.delete_token_hash, ${traits.burnAfterFailures}::int, note.encrypted, ${traits.keyProofHash},
             note.file_count, note.files_pending, note.sign_in_required
      FROM note, json_to_recordset(${JSON.stringify(links)}::json) AS r(id text, label text)
      RETURNING id, content_id, recipient, created_at, api_key_id, created_by, delete_token_hash, encrypted,
                burn_after, live_links
    ),`;
}

/**
 * CTEs `ended` and `purged` for the rows of CTE `source` (naming id and content_id) for which
 * `ends` holds: a link takes one from its owner's live links, and the owner whose count reaches
 * zero is burned (its password hash cleared) and its pages deleted; with `ownPages`, an ordinary
 * note's pages are deleted too (a delete leaves them to the foreign key's cascade). `ended` names
 * each owner touched and whether it burned, with null counters: a note as a whole has none.
 */
export function endLinksCtes(source: string, ends: Prisma.Sql, ownPages: boolean) {
  const from = Prisma.raw(source);
  const own = ownPages
    ? Prisma.sql`SELECT id FROM ${from} s WHERE ${ends} AND s.content_id IS NULL UNION ALL`
    : Prisma.empty;
  return Prisma.sql`
    ended AS (
      UPDATE shares o SET
        live_links = o.live_links - 1,
        burned_at = CASE WHEN o.live_links = 1 THEN now() END,
        password_hash = CASE WHEN o.live_links = 1 THEN NULL ELSE o.password_hash END
      FROM ${from} s WHERE o.id = s.content_id AND ${ends}
      RETURNING o.id, o.content_id, o.recipient, NULL::int AS burn_after, NULL::int AS read_count,
                o.api_key_id, o.burned_at IS NOT NULL AS burned
    ), ${purgePagesCte(Prisma.sql`${own} SELECT id FROM ended WHERE burned`)}`;
}

/** The CTE `purged`, deleting the pages of the notes `ids` (a query of ids) names: those a statement burned. */
export function purgePagesCte(ids: Prisma.Sql) {
  return Prisma.sql`purged AS (
      DELETE FROM share_pages WHERE share_id IN (${ids})
    )`;
}
