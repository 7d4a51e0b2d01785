// What a notification address may be, for the API's schema and the create page's field alike.

/** The longest address a mail server takes (RFC 5321's path limit, less its brackets). */
export const maxNotifyEmailLength = 254;
