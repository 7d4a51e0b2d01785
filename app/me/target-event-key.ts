/** An event's key in the catalogs' `targets.eventNames`: next-intl reads a dot as a nesting. */
export const eventKey = (event: string) => event.replace(".", "_") as "note_read";
