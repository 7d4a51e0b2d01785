import { describe, expect, it } from "vitest";
import { testClient } from "../test/test-client";

// A file row belongs to a note or to an answer, exactly one (the migration's trigger): a statement
// that would leave a file with both owners, or none, is refused by the database itself.

const insert = `INSERT INTO note_files (share_id, request_id, answer_number, file_index, size_bytes, chunk_count)
                VALUES ($1, $2, $3, 0, 1, 1)`;

describe("a file's owner", () => {
  const client = testClient();

  /** The SQLSTATE the insert fails with; "ok" when it succeeds (rolled back either way). */
  async function codeOf(owner: [string | null, string | null, number | null]) {
    await client.query("BEGIN");
    try {
      await client.query(insert, owner);
      return "ok";
    } catch (error) {
      return (error as { code?: string }).code;
    } finally {
      await client.query("ROLLBACK");
    }
  }

  it("is a note or an answer", async () => {
    expect(await codeOf(["OwNeR12345", null, null])).toBe("ok");
    expect(await codeOf([null, "ReQuEsT123", 1])).toBe("ok");
  });

  it("is never both, nor neither, nor half an answer", async () => {
    expect(await codeOf(["OwNeR12345", "ReQuEsT123", 1])).toBe("23514");
    expect(await codeOf([null, null, null])).toBe("23514");
    expect(await codeOf([null, "ReQuEsT123", null])).toBe("23514");
    expect(await codeOf(["OwNeR12345", null, 1])).toBe("23514");
  });
});
