// Tests of FILE_STORAGE=s3 against a real S3 API: an s3rver of their own (e2e/support/s3-server.ts)
// on a free port, and the S3 store pointed at its bucket.
import { startS3Server, type S3Server } from "../../e2e/support/s3-server";
import { parseS3Settings, type S3Settings } from "../files/s3-settings";
import { S3FileStore } from "../files/s3-store";

export interface TestS3Store {
  server: S3Server;
  settings: S3Settings;
  store: S3FileStore;
  /** Closes the store's connections, stops s3rver and removes its folder. */
  close(): Promise<void>;
}

export async function openS3Store(variables: Record<string, string> = {}): Promise<TestS3Store> {
  const server = await startS3Server();
  const settings = parseS3Settings({ ...server.variables, ...variables });
  const store = new S3FileStore(settings);
  return {
    server,
    settings,
    store,
    close: async () => {
      store.close();
      await server.remove();
    },
  };
}
