import type pg from "pg";
import { parseSealingKey } from "../../lib/crypto/seal";
import { openPage, type StoredPageText } from "../../lib/notes/note-sealing";

// Pages are stored sealed; specs that check what was stored open them with the key every server of
// the run seals with (ENCRYPTION_KEYS, set by playwright.config.ts).

function runKey() {
  const key = parseSealingKey(process.env.ENCRYPTION_KEYS ?? "");
  if (!key) throw new Error("ENCRYPTION_KEYS is not the run's key (run through playwright.config.ts).");
  return key;
}

/** How many stored pages (other than password-sealed ones) have each of `contents` as their text. */
export async function storedContentCounts(
  sql: pg.Client | pg.Pool,
  contents: string[],
): Promise<Map<string, number>> {
  const { rows } = await sql.query<StoredPageText & { share_id: string }>(
    `SELECT share_id, page_index, title, content, html, raw_html, sealed_by FROM share_pages
     WHERE sealed_by IS DISTINCT FROM 'pw'`,
  );
  const keys = [runKey()];
  const counts = new Map<string, number>();
  for (const row of rows) {
    const { content } = openPage(keys, row.share_id, row);
    if (contents.includes(content)) counts.set(content, (counts.get(content) ?? 0) + 1);
  }
  return counts;
}

/** A stored page's text as written, opened with the run's key. */
export function openStoredPage(row: StoredPageText & { share_id: string }) {
  const { title, content, html, raw_html } = openPage([runKey()], row.share_id, row);
  return { title, content, html, raw_html };
}
