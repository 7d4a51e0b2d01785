// What an operator must change when the database refuses the service's connection or its
// migrations: one line naming the problem and the fix, instead of a driver's error object. Only
// faults of configuration are described; an outage is not (lib/db/database-unavailable.ts).

type PgError = { code?: unknown; message?: unknown };

function target(databaseUrl: string): { role: string; database: string } {
  const url = new URL(databaseUrl);
  return { role: decodeURIComponent(url.username) || "(default role)", database: url.pathname.slice(1) };
}

/** The one-line explanation of a configuration fault, or null for any other error. */
export function describeDatabaseSetupError(error: unknown, databaseUrl: string): string | null {
  const { code } = (typeof error === "object" && error !== null ? error : {}) as PgError;
  const { role, database } = target(databaseUrl);
  switch (code) {
    case "28P01":
    case "28000":
      return `The database refused role "${role}": the password in DATABASE_URL is wrong or the role does not exist.`;
    case "3D000":
      return `The database "${database}" does not exist: create it (createdb ${database}) or fix DATABASE_URL.`;
    case "42501":
      return (
        `Role "${role}" may not create tables in database "${database}": grant it CREATE on the schema ` +
        `(GRANT CREATE ON SCHEMA public TO "${role}") or run npm run db:migrate as the schema's owner.`
      );
    case "25006":
      return `The database "${database}" is read-only (a replica?): DATABASE_URL must name the primary.`;
    default:
      return null;
  }
}
