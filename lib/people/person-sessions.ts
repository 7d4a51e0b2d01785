import "server-only";
import { randomBase64 } from "../crypto/random-string";
import { hashSecret } from "../crypto/secret-hash";
import { getPrisma } from "../db";
import { env } from "../env";
import { needsTouch, newSessionTimes, sessionIsLive, sessionLifetimes } from "./session-rules";

// People's sessions, kept on the server: the cookie carries 256 random bits, the row only their
// SHA-256, so a copy of the database holds no cookie that works. Ending a session deletes its row.

export const lifetimes = sessionLifetimes(env);

/** Starts a session for the person; the cookie's token. */
export async function createPersonSession(personId: string): Promise<string> {
  const token = randomBase64(32, "url");
  const prisma = await getPrisma();
  await prisma.personSession.create({
    data: { tokenHash: hashSecret(token), personId, ...newSessionTimes(new Date(), lifetimes) },
  });
  return token;
}

/** The person id of a live session's token, or null (unknown, signed out, idle or too old). */
export async function personIdOfSession(token: string): Promise<string | null> {
  const tokenHash = hashSecret(token);
  const prisma = await getPrisma();
  const session = await prisma.personSession.findUnique({ where: { tokenHash } });
  const now = new Date();
  if (!session || !sessionIsLive(session, now, lifetimes)) return null;
  if (needsTouch(session, now)) {
    await prisma.personSession.updateMany({ where: { tokenHash }, data: { lastSeenAt: now } });
  }
  return session.personId;
}

/** The sessions still live at `now`: neither idle nor too old (a Prisma filter). */
export function liveSessionsAt(now: Date) {
  return { expiresAt: { gt: now }, lastSeenAt: { gt: new Date(now.getTime() - lifetimes.idleMs) } };
}

/** Ends every session of a person at once (an administrator's doing); how many there were. */
export async function endSessionsOfPerson(personId: string): Promise<number> {
  const prisma = await getPrisma();
  return (await prisma.personSession.deleteMany({ where: { personId } })).count;
}

/** Ends the session of a token, if it is one. */
export async function endPersonSession(token: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.personSession.deleteMany({ where: { tokenHash: hashSecret(token) } });
}

/** Forgets sessions past either lifetime (the periodic cleanup). */
export async function purgeEndedSessions(): Promise<void> {
  const prisma = await getPrisma();
  const now = new Date();
  const idleSince = new Date(now.getTime() - lifetimes.idleMs);
  await prisma.personSession.deleteMany({
    where: { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lte: idleSince } }] },
  });
}
