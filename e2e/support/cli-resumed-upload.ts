import { randomFile, savedSha256 } from "./cli-files";
import { MiB } from "./files";
import { expect } from "./fixtures";
import { notesCli } from "./notes-cli";
import type { RecordingProxy } from "./recording-proxy";

// The command-line client's upload of a file of 65 chunks through a recording proxy that first
// drops every connection and refuses new ones (the chunk in flight, or the answer to the one that
// just landed, is lost), then resets each connection as the server answers (the chunks land, the
// client cannot know): the upload must resume where the server stopped. It runs on each storage of
// cli-files-server.spec.ts, which says how to count the chunks its store holds.

const chunks = 65;
const pause = () => new Promise((resolve) => setTimeout(resolve, 1500));

/**
 * `notes create --file` of a 64 MiB + 7 B file through `proxy`, cut twice while it runs; `storedChunks`
 * counts the chunks the server's store holds in all (rows of file_chunks, objects in a bucket).
 */
export async function expectCliUploadResumes(proxy: RecordingProxy, storedChunks: () => Promise<number>) {
  const { file, sha256 } = await randomFile("resumed.bin", (chunks - 1) * MiB + 7);
  const before = await storedChunks();
  const stored = async () => (await storedChunks()) - before;
  proxy.forget();
  const running = notesCli(["create", "--file", file], { env: { NOTES_SERVER: proxy.url } });
  await expect.poll(stored, { intervals: [20] }).toBeGreaterThanOrEqual(3);
  // Every connection dropped, new ones refused for a while: the chunk in flight, or its answer, is lost.
  proxy.setMode("refuse");
  const whenDropped = await stored();
  await pause();
  proxy.setMode("up");
  await expect.poll(stored, { intervals: [20] }).toBeGreaterThanOrEqual(whenDropped + 3);
  // Then every answer lost: the chunks arrive, the client cannot know.
  proxy.setMode("reset");
  const whenReset = await stored();
  await pause();
  proxy.setMode("up");
  const created = await running;
  expect(created, created.stderr).toMatchObject({
    code: 0,
    stderr: expect.stringMatching(/^delete-token: /),
  });
  expect(whenReset).toBeLessThan(chunks);
  expect(await stored()).toBe(chunks);
  // It sent the lost chunk again, asked the server how far it had come, and every chunk went out.
  const requests = proxy.requests();
  const puts = requests.filter((request) => request.startsWith("PUT ")).map((put) => put.split("/").pop());
  expect(puts.length).toBeGreaterThan(chunks);
  expect(new Set(puts)).toEqual(new Set(Array.from({ length: chunks }, (_, index) => String(index))));
  expect(requests).toContain("GET /api/v1/shares/ID/files/0");
  expect(await savedSha256(created.stdout.trimEnd(), "resumed.bin")).toBe(sha256);
}
