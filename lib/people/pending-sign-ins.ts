import "server-only";
import { hashSecret } from "../crypto/secret-hash";
import { getPrisma } from "../db";
import { signInLifetimeSeconds } from "./session-rules";

// Sign-ins under way, kept on the server between /auth/sign-in and /auth/callback. A row is found
// by its state and the browser that started it (the sign-in cookie), both stored as SHA-256, and
// deleted as it is read, so each works once; after ten minutes it no longer counts.

export type PendingSignIn = { nonce: string; codeVerifier: string; returnTo: string };

export async function savePendingSignIn(
  state: string,
  browser: string,
  pending: PendingSignIn,
): Promise<void> {
  const prisma = await getPrisma();
  const expiresAt = new Date(Date.now() + signInLifetimeSeconds * 1000);
  await prisma.pendingSignIn.create({
    data: { stateHash: hashSecret(state), browserHash: hashSecret(browser), expiresAt, ...pending },
  });
}

const isNotFound = (error: unknown) => (error as { code?: unknown }).code === "P2025";

/** The sign-in this state and browser started, taken out for good; null when there is none (left). */
export async function takePendingSignIn(state: string, browser: string): Promise<PendingSignIn | null> {
  const prisma = await getPrisma();
  try {
    const row = await prisma.pendingSignIn.delete({
      where: { stateHash: hashSecret(state), browserHash: hashSecret(browser) },
    });
    const { nonce, codeVerifier, returnTo, expiresAt } = row;
    return expiresAt > new Date() ? { nonce, codeVerifier, returnTo } : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Forgets sign-ins nobody finished (the periodic cleanup). */
export async function purgeExpiredSignIns(): Promise<void> {
  const prisma = await getPrisma();
  await prisma.pendingSignIn.deleteMany({ where: { expiresAt: { lte: new Date() } } });
}
