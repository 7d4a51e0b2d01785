import { Prisma } from "../generated/prisma/client";

/**
 * A note exists for clients while it is neither burned nor expired; expiry is checked against the
 * database clock in every query, so a note is gone from the second it expires, cleanup or not.
 */
export const liveNote = Prisma.sql`burned_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;
