// When a person's session ends: SESSION_IDLE_HOURS after its last request, and SESSION_MAX_AGE_DAYS
// after signing in however active (expires_at, fixed at sign-in; a shorter setting shortens live
// sessions too). Seeing a session moves last_seen_at at most once a minute, so that a busy person's
// requests are reads, not a write each.

export type SessionTimes = { createdAt: Date; lastSeenAt: Date; expiresAt: Date };
export type SessionLifetimes = { idleMs: number; maxAgeMs: number };

export const touchIntervalMs = 60_000;

/** How long a sign-in may take, from /auth/sign-in to the provider's redirect back. */
export const signInLifetimeSeconds = 600;

export function sessionLifetimes(settings: {
  SESSION_IDLE_HOURS: number;
  SESSION_MAX_AGE_DAYS: number;
}): SessionLifetimes {
  return {
    idleMs: settings.SESSION_IDLE_HOURS * 3_600_000,
    maxAgeMs: settings.SESSION_MAX_AGE_DAYS * 86_400_000,
  };
}

/** A session started at `now`. */
export function newSessionTimes(now: Date, lifetimes: SessionLifetimes): SessionTimes {
  return { createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + lifetimes.maxAgeMs) };
}

/** Whether the session still counts at `now`. */
export function sessionIsLive(session: SessionTimes, now: Date, lifetimes: SessionLifetimes): boolean {
  const at = now.getTime();
  return (
    at < session.expiresAt.getTime() &&
    at < session.createdAt.getTime() + lifetimes.maxAgeMs &&
    at < session.lastSeenAt.getTime() + lifetimes.idleMs
  );
}

/** Whether seeing the session at `now` should move its last_seen_at. */
export function needsTouch(session: SessionTimes, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= touchIntervalMs;
}
