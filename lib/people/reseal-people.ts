import "server-only";
import { resealInBatches, type ResealCount } from "../crypto/reseal-in-batches";
import { sealedByPrefix, type SealingKey } from "../crypto/seal";
import { getPrisma } from "../db";
import { sealingKeys } from "../env";
import { openPersonField, sealPersonField, type PersonField } from "./person-sealing";

// `npm run reseal`'s part for people: each name, email and groups sealed by an older key is sealed again
// with the first of ENCRYPTION_KEYS, and a key stays in use while any person's field holds it.

/** Each sealed column of people, and the field name its seal is bound to. */
const sealedColumns = {
  displayName: "display_name",
  email: "email",
  groups: "groups",
} as const satisfies Record<string, PersonField>;
type SealedFields = Record<keyof typeof sealedColumns, string | null>;
type StoredPerson = SealedFields & { id: string };
const columns = Object.keys(sealedColumns) as (keyof SealedFields)[];

/** Where a field is set and was not sealed with the key of `prefix`. */
const notSealedWith = (prefix: string) => ({
  OR: columns.map((column) => ({
    AND: [{ [column]: { not: null } }, { NOT: { [column]: { startsWith: prefix } } }],
  })),
});

function resealPerson(keys: readonly SealingKey[], sealing: SealingKey, person: StoredPerson) {
  const again = (column: keyof SealedFields) => {
    const field = sealedColumns[column];
    const opened = openPersonField(keys, person.id, field, person[column]);
    return sealPersonField(sealing, person.id, field, opened ?? undefined);
  };
  return {
    person,
    fields: { displayName: again("displayName"), email: again("email"), groups: again("groups") },
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
        select: { id: true, displayName: true, email: true, groups: true },
        orderBy: { id: "asc" },
        take: batchSize,
      }),
    cursorOf: (person) => person.id,
    reseal: (person) => resealPerson(keys, sealing, person),
    write: async (batch) => {
      let written = 0;
      for (const { person, fields } of batch) {
        written += (await prisma.person.updateMany({ where: person, data: fields })).count;
      }
      return written;
    },
  });
}

/** Whether any person's sealed field is still sealed with the key. */
export async function peopleSealedBy(keyId: string): Promise<boolean> {
  const prefix = sealedByPrefix(keyId);
  const prisma = await getPrisma();
  const person = await prisma.person.findFirst({
    where: { OR: columns.map((column) => ({ [column]: { startsWith: prefix } })) },
    select: { id: true },
  });
  return person !== null;
}
