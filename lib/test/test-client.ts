import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase } from "../db";
import { testDatabaseUrl } from "./database";

/**
 * A connection of its own to the run's test database, for a test file (or describe block) that
 * writes and reads rows straight in SQL: opened before its tests, closed after them together with
 * the service's own pool (which the domain code under test opened).
 */
export function testClient(): pg.Client {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await closeDatabase();
  });
  return client;
}
