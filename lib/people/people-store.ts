import "server-only";
import { randomBase64 } from "../crypto/random-string";
import { getPrisma } from "../db";
import { sealingKeys } from "../env";
import { openPersonField, sealPersonField } from "./person-sealing";

// People, found by (issuer, subject): the same email from two issuers is two people. Each sign-in
// refreshes what the provider says of them (name, email, whether it is verified, their groups).

export type Identity = {
  issuer: string;
  subject: string;
  displayName?: string;
  email?: string;
  emailVerified: boolean;
  groups: readonly string[];
};

export type Person = {
  id: string;
  displayName: string | null;
  email: string | null;
  emailVerified: boolean;
  groups: readonly string[];
};

const groupsText = (groups: readonly string[]) => (groups.length > 0 ? JSON.stringify(groups) : undefined);

function sealedFields(id: string, identity: Identity) {
  const key = sealingKeys()[0];
  return {
    displayName: sealPersonField(key, id, "display_name", identity.displayName),
    email: sealPersonField(key, id, "email", identity.email),
    groups: sealPersonField(key, id, "groups", groupsText(identity.groups)),
    emailVerified: identity.emailVerified,
    lastSignInAt: new Date(),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === "P2002";

/** The person of `identity`, created on their first sign-in; its id. */
export async function recordSignIn(identity: Identity, retried = false): Promise<string> {
  const prisma = await getPrisma();
  const { issuer, subject } = identity;
  const known = await prisma.person.findUnique({ where: { issuer_subject: { issuer, subject } } });
  if (known) {
    await prisma.person.update({ where: { id: known.id }, data: sealedFields(known.id, identity) });
    return known.id;
  }
  const id = randomBase64(16, "url");
  try {
    const fields = sealedFields(id, identity);
    await prisma.person.create({ data: { id, issuer, subject, createdAt: fields.lastSignInAt, ...fields } });
    return id;
  } catch (error) {
    // The same person's first sign-in in two tabs at once: the other one created them.
    if (retried || !isUniqueViolation(error)) throw error;
    return recordSignIn(identity, true);
  }
}

export async function findPerson(id: string): Promise<Person | null> {
  const prisma = await getPrisma();
  const row = await prisma.person.findUnique({ where: { id } });
  if (!row) return null;
  const keys = sealingKeys();
  return {
    id,
    displayName: openPersonField(keys, id, "display_name", row.displayName),
    email: openPersonField(keys, id, "email", row.email),
    emailVerified: row.emailVerified,
    groups: JSON.parse(openPersonField(keys, id, "groups", row.groups) ?? "[]") as string[],
  };
}
