// A real S3 API for the tests of FILE_STORAGE=s3: s3rver (an S3 implementation on the local file
// system, from the npm registry) in a temporary folder, with one empty bucket, in a child process
// (s3rver-process.mjs says why). Unit tests, e2e specs and the benchmark start their own; it
// listens on 127.0.0.1 only.
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/** s3rver's fixed credentials: it refuses another access key id (it does not check v4 signatures). */
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const script = path.resolve("e2e/support/s3rver-process.mjs");

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** s3rver's process: the benchmark measures it apart from the service. */
  pid: number;
  /** The S3_* settings that point the service at this bucket (`FILE_STORAGE=s3` is not among them). */
  variables: Record<`S3_${string}`, string>;
  /** Every key in the bucket, as S3 lists them (in order), read with a client of its own. */
  objectKeys(): Promise<string[]>;
  /** Stops answering at once (the process is killed), as when the store goes away. */
  stop(): Promise<void>;
  /** Stops it and removes every object with the folder. */
  remove(): Promise<void>;
}

/** Starts s3rver on `port` (0: any free one) with an empty bucket. */
export async function startS3Server({ port = 0, bucket = "notes-files" } = {}): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "notes-s3rver-"));
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", script, directory, String(port), bucket],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  const remove = async () => {
    await stop();
    rmSync(directory, { recursive: true, force: true });
  };
  const lines = createInterface({ input: child.stdout });
  const listening = await Promise.race([
    new Promise<string | undefined>((resolve) => lines.once("line", resolve)),
    exited.then(() => undefined),
  ]);
  if (!listening || !/^\d+$/.test(listening)) {
    await remove();
    throw new Error(
      `s3rver did not start (${listening ?? `exit code ${child.exitCode}`}); see its output above.`,
    );
  }
  const endpoint = `http://127.0.0.1:${listening}`;
  return {
    endpoint,
    bucket,
    pid: child.pid ?? 0,
    objectKeys: () => listKeys(endpoint, bucket),
    variables: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop,
    remove,
  };
}

async function listKeys(endpoint: string, bucket: string): Promise<string[]> {
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
  const keys: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ""));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  } finally {
    client.destroy();
  }
}
