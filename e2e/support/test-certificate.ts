import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// What the tests' own TLS servers (the OpenID provider, the SMTP server) need: a certificate for
// 127.0.0.1 made for the run, in files of a temporary folder that its maker removes when done, and
// a free port.

const run = promisify(execFile);

export type TestCertificate = {
  certFile: string;
  keyFile: string;
  key: string;
  cert: string;
  /** deletes the files, once no process is left to read them */
  remove: () => Promise<void>;
};

/** A self-signed certificate for 127.0.0.1, valid one day. */
export async function makeCertificate(): Promise<TestCertificate> {
  const folder = await mkdtemp(path.join(tmpdir(), "notes-tls-"));
  const keyFile = path.join(folder, "key.pem");
  const certFile = path.join(folder, "cert.pem");
  const remove = () => rm(folder, { recursive: true, force: true });
  await run("/usr/bin/openssl", [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1"],
    ...["-addext", "subjectAltName=IP:127.0.0.1"],
  ]).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  const [key, cert] = await Promise.all([readFile(keyFile, "utf8"), readFile(certFile, "utf8")]);
  return { certFile, keyFile, key, cert, remove };
}

/** A port nobody listens on now, from the system's ephemeral range (never a testPorts one). */
export async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
