import { test } from "../support/fixtures";
import { describeFileTransfers } from "../support/file-suite";

// Files of 0 B, 1 B, one chunk, one chunk plus a byte and 200 MiB, plain and end-to-end, through the
// shared test server: Postgres, chunks stored in the database (FILE_STORAGE=postgres). The project's
// server: api-via-next runs it again through Next.js's router.
describeFileTransfers(() => test.info().project.use.baseURL ?? "");
