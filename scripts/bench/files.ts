// The files scenario of `npm run bench` (BENCH_FILES=1): one file of BENCH_FILE_MIB (1 GiB by
// default) up and down through a server of its own, end-to-end encrypted (the server stores the
// client's chunks as they come) and server-sealed (the server seals each chunk on the way in and
// opens it on the way out), with throughput and the server's resident memory against its idle
// level: streamed, the peak stays within 50 MB of idle whatever the file's size.
import { setTimeout as sleep } from "node:timers/promises";
import { sealNote } from "../../lib/crypto/envelope";
import { apiFor } from "../../e2e/support/api-for";
import { download, generatedFile, uploadChunks, type CreatedFiles } from "../../e2e/support/file-transfer";
import { MiB } from "../../e2e/support/files";
import { startS3Server, type S3Server } from "../../e2e/support/s3-server";
import type { BenchDatabase } from "./database";
import { sampleRss, treeRssMiB } from "./rss";
import { startServer, type RunningServer } from "./servers";

export const fileStorages = ["postgres", "s3"] as const;
type FileStorage = (typeof fileStorages)[number];

type FileKind = "e2e" | "sealed";

type FileTransferResult = {
  kind: FileKind;
  bytes: number;
  uploadSeconds: number;
  downloadSeconds: number;
  /** the server's RSS (with any children) just before the upload, after a 1-byte warm-up */
  idleRssMiB: number;
  uploadPeakRssMiB: number;
  downloadPeakRssMiB: number;
  /** the download's SHA-256 equals the upload's */
  intact: boolean;
};

/** Peak over idle allowed while a file streams through: 50 MB (10^6 bytes). */
const maxFileRssGrowthMiB = 50e6 / MiB;

/** The store FILE_STORAGE=s3 runs against: s3rver in a process of its own (not counted as the server). */
async function fileStorageEnv(storage: FileStorage, bytes: number) {
  const s3: S3Server | null = storage === "s3" ? await startS3Server() : null;
  const limit = String(Math.max(bytes, MiB));
  return {
    env: {
      FILE_STORAGE: storage,
      FILE_MAX_BYTES: limit,
      FILES_MAX_TOTAL_BYTES: limit,
      ...s3?.variables,
    } as Record<string, string>,
    remove: () => s3?.remove() ?? Promise.resolve(),
  };
}

async function createFileNote(url: string, kind: FileKind, size: number): Promise<CreatedFiles> {
  const body =
    kind === "e2e"
      ? { content: (await sealNote("bench")).envelope, encrypted: true, files: [{ size }] }
      : { files: [{ name: "bench.bin", type: "application/octet-stream", size }] };
  const created = await apiFor(url).create({ ...body, ttl: "1h" });
  if (created.status !== 201) throw new Error(`Create: ${created.status} ${JSON.stringify(created.json)}`);
  return created.json as unknown as CreatedFiles;
}

/** One file of `size` bytes up and down, timed, with the server's RSS sampled throughout. */
async function transfer(server: RunningServer, kind: FileKind, size: number): Promise<FileTransferResult> {
  const created = await createFileNote(server.url, kind, size);
  const source = generatedFile(size);
  const idleRssMiB = treeRssMiB(server.pid);
  let rss = sampleRss(server.pid, 100);
  let started = performance.now();
  await uploadChunks(created.files[0]?.upload_url ?? "", created.upload_token, source.chunks(kind === "e2e"));
  const uploadSeconds = (performance.now() - started) / 1000;
  const uploadPeakRssMiB = rss.stop();

  const read = await apiFor(server.url).read(created.id);
  const [granted] = (read.json.files ?? []) as { download_url: string }[];
  if (!granted) throw new Error(`The read granted no file: ${read.status} ${JSON.stringify(read.json)}`);
  rss = sampleRss(server.pid, 100);
  started = performance.now();
  const received = await download(granted.download_url);
  const downloadSeconds = (performance.now() - started) / 1000;
  return {
    kind,
    bytes: size,
    uploadSeconds,
    downloadSeconds,
    idleRssMiB,
    uploadPeakRssMiB,
    downloadPeakRssMiB: rss.stop(),
    intact: received.status === 200 && received.digest === source.digest(),
  };
}

/** Both kinds of file through `server`, each after a 1-byte round trip has loaded its routes. */
async function benchFiles(server: RunningServer, size: number): Promise<FileTransferResult[]> {
  const results: FileTransferResult[] = [];
  for (const kind of ["e2e", "sealed"] as const) {
    await transfer(server, kind, 1);
    // Let the warm-up's garbage go before idle is read.
    await sleep(2000);
    results.push(await transfer(server, kind, size));
  }
  return results;
}

const mibps = (bytes: number, seconds: number) => `${(bytes / MiB / seconds).toFixed(0)} MiB/s`;

function formatFiles(storage: FileStorage, results: FileTransferResult[]): string {
  const lines = results.map((result) => {
    const growth = Math.max(result.uploadPeakRssMiB, result.downloadPeakRssMiB) - result.idleRssMiB;
    return (
      `  ${result.kind.padEnd(6)} ${(result.bytes / MiB).toFixed(0)} MiB  up ${mibps(result.bytes, result.uploadSeconds)}` +
      ` (${result.uploadSeconds.toFixed(1)} s)  down ${mibps(result.bytes, result.downloadSeconds)}` +
      ` (${result.downloadSeconds.toFixed(1)} s)  RSS idle ${result.idleRssMiB.toFixed(0)} MiB, peak up` +
      ` ${result.uploadPeakRssMiB.toFixed(0)} / down ${result.downloadPeakRssMiB.toFixed(0)} MiB` +
      ` (+${growth.toFixed(0)} MiB: ${growth <= maxFileRssGrowthMiB ? "within" : "NOT within"} 50 MB)` +
      `${result.intact ? "" : "  SHA-256 DIFFERS"}`
    );
  });
  return `Files (FILE_STORAGE=${storage}, one file at a time, chunks of 1 MiB in order):\n${lines.join("\n")}`;
}

/**
 * The scenario on a server of its own (log: .bench/files.log), started with the file settings it
 * needs; prints its lines and answers them for the JSON report. Undo steps go on `cleanups`.
 */
export async function measureFiles(
  options: { storage: FileStorage; mib: number; nodeArgs: string[] },
  database: BenchDatabase,
  cleanups: (() => Promise<void>)[],
) {
  const bytes = options.mib * MiB;
  const storage = await fileStorageEnv(options.storage, bytes);
  cleanups.push(storage.remove);
  const server = await startServer(
    "app",
    { ...database.envFor("app"), ...storage.env },
    options.nodeArgs,
    "files",
  );
  cleanups.push(server.stop);
  const results = await benchFiles(server, bytes);
  await server.stop();
  console.log(`\n${formatFiles(options.storage, results)}`);
  return { storage: options.storage, results };
}
