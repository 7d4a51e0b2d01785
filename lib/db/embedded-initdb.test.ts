import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { initializeEmbeddedCluster } from "./embedded-initdb";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("initializeEmbeddedCluster", () => {
  it("creates a cluster with the given start parameters that PGlite then opens as it is", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "notes-initdb-")), "pglite");
    folders.push(path.dirname(dataDir));
    const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
    await initializeEmbeddedCluster(dataDir, startParams);
    expect(readFileSync(path.join(dataDir, "PG_VERSION"), "utf8")).toBe("18\n");
    const pglite = await PGlite.create(dataDir, { startParams });
    try {
      await pglite.exec("CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)");
      expect((await pglite.query<{ id: number }>("SELECT id FROM kept")).rows).toEqual([{ id: 7 }]);
      expect((await pglite.query<{ shared_buffers: string }>("SHOW shared_buffers")).rows).toEqual([
        { shared_buffers: "16MB" },
      ]);
    } finally {
      await pglite.close();
    }
  });
});
