// Who administers /admin by the provider's word: a person whose verified email is in ADMIN_EMAILS
// (compared without case), or who is in a group of ADMIN_GROUPS (compared exactly, as providers name
// groups). Decided on every request from the current settings and what the person's last sign-in
// stored, so removing someone from a setting takes effect at the next request.

export type AdminLists = { emails: readonly string[]; groups: readonly string[] };

export type PersonClaims = { email: string | null; emailVerified: boolean; groups: readonly string[] };

export function isAdministrator(person: PersonClaims, lists: AdminLists): boolean {
  const email = person.emailVerified ? person.email?.toLowerCase() : undefined;
  if (email !== undefined && lists.emails.includes(email)) return true;
  return person.groups.some((group) => lists.groups.includes(group));
}
