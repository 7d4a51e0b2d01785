// Only `prisma dev` (a local Prisma Postgres server) imports @prisma/streams-local, which requires
// Node 22 and made every `npm ci` on Node 20 warn EBADENGINE. This project runs its own embedded
// database and never runs `prisma dev`, so package.json's overrides install this stand-in instead.
export function startLocalDurableStreamsServer() {
  throw new Error("prisma dev is not supported in this project (see scripts/npm/prisma-streams-local).");
}
