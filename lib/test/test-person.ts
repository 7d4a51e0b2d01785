import { randomAlphanumeric } from "../crypto/random-string";
import { getPrisma } from "../db";

/**
 * A person for a test, through Prisma's model (people is Prisma's table): no name or email, so
 * nothing sealed that resealing people in another test file would touch.
 */
export async function createTestPerson(): Promise<{ id: string }> {
  const id = `test-${randomAlphanumeric(12)}`;
  const now = new Date();
  const prisma = await getPrisma();
  await prisma.person.create({
    data: { id, issuer: "https://id.test", subject: id, createdAt: now, lastSignInAt: now },
  });
  return { id };
}
