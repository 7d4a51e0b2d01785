import "server-only";
import { resealInBatches, type ResealCount } from "../crypto/reseal-in-batches";
import { sealedByPrefix, type SealingKey } from "../crypto/seal";
import { getPrisma } from "../db";
import { sealingKeys } from "../env";
import { openPersonField, sealPersonField } from "./person-sealing";

// `npm run reseal`'s part for people: each name and email sealed by an older key is sealed again
// with the first of ENCRYPTION_KEYS, and a key stays in use while any person's field holds it.

type SealedFields = { displayName: string | null; email: string | null };
type StoredPerson = SealedFields & { id: string };

/** Where a field is set and was not sealed with the key of `prefix`. */
const notSealedWith = (prefix: string) => ({
  OR: (["displayName", "email"] as const).map((field) => ({
    AND: [{ [field]: { not: null } }, { NOT: { [field]: { startsWith: prefix } } }],
  })),
});

function resealPerson(keys: readonly SealingKey[], sealing: SealingKey, person: StoredPerson) {
  const again = (field: "display_name" | "email", sealed: string | null) =>
    sealPersonField(sealing, person.id, field, openPersonField(keys, person.id, field, sealed) ?? undefined);
  return {
    person,
    fields: { displayName: again("display_name", person.displayName), email: again("email", person.email) },
  };
}

/** Re-seals in batches; each person is written only if unchanged since it was read (a sign-in meanwhile). */
export async function resealPeople(batchSize = 200): Promise<ResealCount> {
  const keys = sealingKeys();
  const [sealing] = keys;
  const prisma = await getPrisma();
  return resealInBatches({
    start: "",
    next: (after) =>
      prisma.person.findMany({
        where: { id: { gt: after }, ...notSealedWith(sealedByPrefix(sealing.id)) },
        select: { id: true, displayName: true, email: true },
        orderBy: { id: "asc" },
        take: batchSize,
      }),
    cursorOf: (person) => person.id,
    reseal: (person) => resealPerson(keys, sealing, person),
    write: async (batch) => {
      let written = 0;
      for (const { person, fields } of batch) {
        const { id, displayName, email } = person;
        written += (await prisma.person.updateMany({ where: { id, displayName, email }, data: fields }))
          .count;
      }
      return written;
    },
  });
}

/** Whether any person's name or email is still sealed with the key. */
export async function peopleSealedBy(keyId: string): Promise<boolean> {
  const prefix = sealedByPrefix(keyId);
  const prisma = await getPrisma();
  const person = await prisma.person.findFirst({
    where: { OR: [{ displayName: { startsWith: prefix } }, { email: { startsWith: prefix } }] },
    select: { id: true },
  });
  return person !== null;
}
