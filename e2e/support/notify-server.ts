import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { startServer, type ServerProcess } from "./server-process";
import { testSmtpServer, type TestSmtpServer } from "./smtp-server";
import { freePort } from "./test-certificate";

// A server that sends notification emails: SMTP_URL pointing at the tests' own SMTP server
// (STARTTLS, AUTH), on a database of its own, with PUBLIC_URL its own address (the emails' links
// lead back to it) and the outbox polled often; `env` is added to its settings.

export type NotifyServer = { server: ServerProcess; smtp: TestSmtpServer; stop: () => Promise<void> };

export async function startNotifyServer(
  name: string,
  env: Record<string, string> = {},
): Promise<NotifyServer> {
  const database: TestDatabase = await createTestDatabase(name);
  const smtp = await testSmtpServer();
  await smtp.start();
  const port = await freePort();
  const server = await startServer({
    port,
    env: {
      DATABASE_URL: database.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      WEBHOOK_POLL_INTERVAL_MS: "100",
      ...env,
    },
  });
  const stop = async () => {
    await server.stop();
    await smtp.remove();
    await database.drop();
  };
  return { server, smtp, stop };
}
