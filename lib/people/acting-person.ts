// The person a request acts for (lib/routes/identify-person.ts): the owner of a personal key, or the
// person signed in. What they create carries their id (created_by), and is theirs to manage.

export type ActingPerson = { readonly id: string };

/** Whether `person` created the row: never true for an anonymous row or an anonymous caller. */
export function isCreator(
  person: ActingPerson | null | undefined,
  row: { created_by: string | null },
): boolean {
  return person != null && row.created_by !== null && row.created_by === person.id;
}
