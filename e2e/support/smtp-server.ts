import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, makeCertificate } from "./test-certificate";

// Starts and stops the tests' SMTP server (smtp-server-process.mjs), on a free port with a
// certificate of its own, and reads what it received.
// Messages land in one folder per test server, which outlives restarts on the same port, so an
// outage or a kill -9 between two lives of the server still shows every message once.

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "smtp-server-process.mjs");

export type ReceivedEmail = {
  /** every byte of the message as the server received it */
  raw: string;
  secure: boolean;
  user: string;
  to: string[];
};

export type TestSmtpServer = {
  /** SMTP_URL for the service: STARTTLS required, the run's own certificate accepted */
  url: string;
  start: (options?: { holdMs?: number }) => Promise<void>;
  /** SIGTERM, or SIGKILL for `kill -9` */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  received: () => ReceivedEmail[];
  /** stops the server and deletes what it received and its certificate: the end of a test file */
  remove: () => Promise<void>;
};

export async function testSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort();
  const certificate = await makeCertificate();
  const outDir = mkdtempSync(path.join(tmpdir(), "notes-smtp-"));
  const user = "notes";
  const password = "smtp-test-password";
  let child: ChildProcess | null = null;

  const start = async ({ holdMs = 0 } = {}) => {
    const env = {
      ...process.env,
      SMTP_PORT: String(port),
      SMTP_KEY_FILE: certificate.keyFile,
      SMTP_CERT_FILE: certificate.certFile,
      SMTP_USER: user,
      SMTP_PASSWORD: password,
      SMTP_OUT_DIR: outDir,
      SMTP_HOLD_MS: String(holdMs),
    };
    const started = spawn(process.execPath, [script], { env, stdio: ["ignore", "pipe", "inherit"] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      started.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("smtp ready")) resolve();
      });
      started.on("exit", (code) => reject(new Error(`the SMTP server exited (${code})`)));
    });
  };

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.on("exit", resolve));
    running.kill(signal);
    await exited;
  };

  const received = () =>
    readdirSync(outDir)
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .map((name) => {
        const facts = JSON.parse(readFileSync(path.join(outDir, name.replace(/\.eml$/, ".json")), "utf8"));
        return { raw: readFileSync(path.join(outDir, name), "utf8"), ...facts } as ReceivedEmail;
      });

  // The certificate is the run's own: accepted by its peer name rather than by a CA the process trusts.
  const url = `smtp://${user}:${password}@127.0.0.1:${port}/?requireTLS=true&tls.rejectUnauthorized=false`;
  const remove = async () => {
    await stop();
    rmSync(outDir, { recursive: true, force: true });
    await certificate.remove();
  };
  return { url, start, stop, received, remove };
}
