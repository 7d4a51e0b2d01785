import { describe, expect, it, vi } from "vitest";
import { randomAlphanumeric } from "../crypto/random-string";
import { generateSealingKey, parseSealingKey, sealedBy, type SealingKeys } from "../crypto/seal";
import { getPrisma } from "../db";
import { endPersonSessions } from "../admin/end-person-sessions";
import { listAdminActions } from "../admin/list-admin-actions";
import { listPeople } from "../admin/list-people";
import { findPerson, recordSignIn } from "./people-store";
import { purgeExpiredSignIns, savePendingSignIn, takePendingSignIn } from "./pending-sign-ins";
import { resealPeople } from "./reseal-people";
import {
  createPersonSession,
  endPersonSession,
  lifetimes,
  personIdOfSession,
  purgeEndedSessions,
} from "./person-sessions";

// People, their sessions and sign-ins under way, on the test database through the Prisma models,
// and the admin page's view of them. Other test files create people with nothing sealed
// (lib/test/test-person.ts), so rotating the sealing key here (the last test, which puts the test
// database's own key back) disturbs no one. The new key is never registered: the database's key
// registry was checked with the first.

const env = await vi.importActual<typeof import("../env")>("../env");
const [databaseKey] = env.sealingKeys();
let keys: SealingKeys = [databaseKey];
vi.mock("../env", async (original) => ({
  ...(await original<typeof import("../env")>()),
  sealingKeys: () => keys,
}));

const identity = (issuer: string, subject = randomAlphanumeric(12)) => ({
  issuer,
  subject,
  displayName: "Carol Example",
  email: "carol@example.test",
  emailVerified: true,
  groups: ["staff", "notes-admins"],
});

describe("people", () => {
  it("are (issuer, subject): signing in again is the same person, another issuer another one", async () => {
    const first = identity("https://a.example.test");
    const id = await recordSignIn(first);
    expect(await recordSignIn({ ...first, displayName: "Carol B. Example" })).toBe(id);
    const other = await recordSignIn({ ...first, issuer: "https://b.example.test" });
    expect(other).not.toBe(id);
    expect(await findPerson(id)).toEqual({
      id,
      displayName: "Carol B. Example",
      email: "carol@example.test",
      emailVerified: true,
      groups: ["staff", "notes-admins"],
    });
    await recordSignIn({ ...first, groups: [] });
    expect(await findPerson(id)).toMatchObject({ groups: [] });
  });

  it("keep their name, email and groups sealed, bound to the person", async () => {
    const id = await recordSignIn(identity("https://a.example.test"));
    const prisma = await getPrisma();
    const row = await prisma.person.findUniqueOrThrow({ where: { id } });
    expect(row.displayName).toMatch(/^v1\./);
    expect(row.email).toMatch(/^v1\./);
    expect(row.email).not.toContain("carol");
    expect(row.groups).toMatch(/^v1\./);
    expect(row.groups).not.toContain("staff");
    const otherId = await recordSignIn(identity("https://a.example.test"));
    await prisma.person.update({ where: { id: otherId }, data: { email: row.email } });
    await expect(findPerson(otherId)).rejects.toThrow(/does not open/);
    await prisma.person.delete({ where: { id: otherId } });
  });
});

describe("sessions", () => {
  it("name their person until signed out", async () => {
    const personId = await recordSignIn(identity("https://a.example.test"));
    const token = await createPersonSession(personId);
    expect(await personIdOfSession(token)).toBe(personId);
    expect(await personIdOfSession(`${token}x`)).toBeNull();
    await endPersonSession(token);
    expect(await personIdOfSession(token)).toBeNull();
  });

  it("end when idle, and the cleanup forgets them", async () => {
    const personId = await recordSignIn(identity("https://a.example.test"));
    const token = await createPersonSession(personId);
    const prisma = await getPrisma();
    const idleSince = new Date(Date.now() - lifetimes.idleMs - 1000);
    await prisma.personSession.updateMany({ where: { personId }, data: { lastSeenAt: idleSince } });
    expect(await personIdOfSession(token)).toBeNull();
    await purgeEndedSessions();
    expect(await prisma.personSession.count({ where: { personId } })).toBe(0);
  });
});

describe("sign-ins under way", () => {
  const pending = { nonce: "n", codeVerifier: "v", returnTo: "/me" };

  it("are taken once, by the browser that started them", async () => {
    const state = randomAlphanumeric(20);
    await savePendingSignIn(state, "browser", pending);
    expect(await takePendingSignIn(state, "another browser")).toBeNull();
    expect(await takePendingSignIn(state, "browser")).toEqual(pending);
    expect(await takePendingSignIn(state, "browser")).toBeNull();
  });

  it("count for ten minutes, and the cleanup forgets them", async () => {
    const prisma = await getPrisma();
    const expire = () =>
      prisma.pendingSignIn.updateMany({
        where: { nonce: "n" },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
    const [late, abandoned] = [randomAlphanumeric(20), randomAlphanumeric(20)];
    await savePendingSignIn(late, "browser", pending);
    await savePendingSignIn(abandoned, "browser", pending);
    await expire();
    expect(await takePendingSignIn(late, "browser")).toBeNull();
    await purgeExpiredSignIns();
    expect(await prisma.pendingSignIn.count({ where: { expiresAt: { lte: new Date() } } })).toBe(0);
  });
});

const signInAs = (name: string) =>
  recordSignIn({
    issuer: "https://admins.example.test",
    subject: randomAlphanumeric(12),
    displayName: name,
    email: `${name.toLowerCase()}@example.test`,
    emailVerified: true,
    groups: [],
  });

describe("a person's sessions on the admin page", () => {
  it("are counted while live and all ended at once, recorded with the administrator's id", async () => {
    const erin = await signInAs("Erin");
    const tokens = [await createPersonSession(erin), await createPersonSession(erin)];
    const carol = (await findPerson(await signInAs("Carol")))!;
    const listed = (await listPeople({ limit: 1000 })).find((person) => person.id === erin);
    expect(listed).toMatchObject({ name: "Erin", issuer: "https://admins.example.test", liveSessions: 2 });

    const admin = { via: "person" as const, person: carol };
    expect(await endPersonSessions({ personId: erin, admin, client: "127.0.0.1" })).toEqual({ ended: 2 });
    for (const token of tokens) expect(await personIdOfSession(token)).toBeNull();
    expect((await listPeople({ limit: 1000 })).find((person) => person.id === erin)?.liveSessions).toBe(0);

    const prisma = await getPrisma();
    const entry = await prisma.adminAuditEntry.findFirstOrThrow({
      where: { action: "sessions_ended", subject: erin },
    });
    expect(entry).toMatchObject({ actorPersonId: carol.id, details: { sessions: 2 }, client: "127.0.0.1" });
    const shown = (await listAdminActions({ limit: 1000 })).find((row) => row.id === entry.id);
    expect(shown?.actor).toBe("Carol");
  });

  it("of nobody known is not_found, and nothing is recorded", async () => {
    const admin = { via: "person" as const, person: (await findPerson(await signInAs("Dan")))! };
    const personId = randomAlphanumeric(22);
    await expect(endPersonSessions({ personId, admin, client: undefined })).rejects.toMatchObject({
      code: "not_found",
    });
    const prisma = await getPrisma();
    expect(await prisma.adminAuditEntry.count({ where: { subject: personId } })).toBe(0);
  });
});

describe("npm run reseal's part for people", () => {
  it("seals names, emails and groups again with the first key, skipping what is already", async () => {
    const identity = { issuer: "https://reseal.example.test", emailVerified: false, groups: [] };
    const id = await recordSignIn({
      ...identity,
      subject: randomAlphanumeric(12),
      displayName: "Dan",
      email: "d@x.test",
      groups: ["ops"],
    });
    const noName = await recordSignIn({ ...identity, subject: randomAlphanumeric(12), email: "e@x.test" });
    const newKey = parseSealingKey(generateSealingKey())!;
    keys = [newKey, databaseKey];
    try {
      expect(await resealPeople()).toEqual({ resealed: expect.any(Number), unopenable: 0 });
      expect(await resealPeople()).toEqual({ resealed: 0, unopenable: 0 });
      keys = [newKey];
      expect(await findPerson(id)).toMatchObject({ displayName: "Dan", email: "d@x.test", groups: ["ops"] });
      expect(await findPerson(noName)).toMatchObject({ displayName: null, email: "e@x.test" });
      const row = await (await getPrisma()).person.findUniqueOrThrow({ where: { id } });
      const sealers = [row.displayName, row.email, row.groups].map((sealed) => sealedBy(sealed ?? ""));
      expect(sealers).toEqual([newKey.id, newKey.id, newKey.id]);
    } finally {
      keys = [databaseKey, newKey];
      await resealPeople();
      keys = [databaseKey];
    }
  });
});
