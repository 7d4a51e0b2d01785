-- The daily salt of reader fingerprints is no longer kept in the database: with the salt beside the
-- fingerprints, a copy of the database could test every IPv4 address against them in a second.
-- It now lives in the server's memory, or in the shared Redis (lib/notes/reader-salt.ts).

-- DropTable
DROP TABLE "client_salts";
