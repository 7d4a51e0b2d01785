import { dropDatabase } from "../../lib/test/database";

export default async function globalTeardown() {
  const name = process.env.E2E_DATABASE_NAME;
  if (name) await dropDatabase(name);
}
