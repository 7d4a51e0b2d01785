// The service's limits, as data. Sizes are UTF-8 bytes.
export const notePolicy = {
  /** content, or all titles plus page contents, may be at most this many bytes (512 KiB) */
  maxContentBytes: 512 * 1024,
  maxPages: 100,
  minBurnAfter: 1,
  maxBurnAfter: 1000,
  /** a note with a password may be destroyed after this many wrong passwords */
  minBurnAfterFailures: 1,
  maxBurnAfterFailures: 100,
  /** a note sent to recipients has one link for each of 2 to 50 labels of 1 to 100 characters */
  minRecipients: 2,
  maxRecipients: 50,
  maxRecipientLabel: 100,
  /** attempts at a fresh id before giving up with id_generation_failed */
  idAttempts: 5,
  /** characters of [A-Za-z0-9] in a note's id */
  idLength: 10,
} as const;

/** A note's id, the public API's `{id}` and the viewer's `/<id>`. */
export const noteIdPattern = new RegExp(`^[A-Za-z0-9]{${notePolicy.idLength}}$`);
/** A note's delete token: "ndt_" + 43 of [A-Za-z0-9] (256 random bits). */
export const deleteTokenPattern = /^ndt_[A-Za-z0-9]{43}$/;

export const contentTypes = ["markdown", "html"] as const;

export type ContentType = (typeof contentTypes)[number];
