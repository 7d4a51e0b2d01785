import { describeFileTransfers } from "../support/file-suite";

// Files of 0 B, 1 B, one chunk, one chunk plus a byte and 200 MiB, plain and end-to-end, through the
// shared test server: Postgres, chunks stored in the database (FILE_STORAGE=postgres).
describeFileTransfers(() => `http://127.0.0.1:${process.env.E2E_PORT}`);
