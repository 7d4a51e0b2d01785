// @ts-check
// What a shell script can rely on: each kind of failure has its exit status, and its one line on
// stderr reads `notes: <code>: <message>`, where <code> is the API's error code when the server
// refused, or one of the client's own (usage, unreachable, bad_key, wrong_key, …). The message is for
// people and may change; the status and the code are the contract (docs/cli.md).

export const exitCodes = {
  ok: 0,
  /** bad arguments, an unreadable file, not a note link, an empty note */
  usage: 1,
  /** unknown, expired, burned or deleted; for delete and events also "not yours" */
  not_found: 2,
  /** a password is needed and none was given, or it is wrong */
  password: 3,
  /** the API key was refused */
  auth: 4,
  /** the server cannot be reached, is rate limiting, or failed */
  unavailable: 5,
  /** the link has no key, a malformed one, or the key (or password) does not open the note */
  decrypt: 6,
  /** the server refused the note as sent (too large, bad ttl, …) */
  refused: 7,
  /** the server is not this service: its /api/v1/health does not answer as ours does */
  not_notes_server: 8,
  /** anything else: a bug in this client */
  internal: 70,
  /** Ctrl-C at the password prompt */
  interrupted: 130,
};

/** @typedef {keyof typeof exitCodes} FailureKind */

export class CliError extends Error {
  /**
   * @param {FailureKind} kind decides the exit status
   * @param {string} code the word on the error line that scripts may match
   * @param {string} message
   */
  constructor(kind, code, message) {
    super(message);
    this.name = "CliError";
    this.kind = kind;
    this.code = code;
    /** @type {number | undefined} the answer's Retry-After, when it had one in seconds */
    this.retryAfterSeconds = undefined;
    /** whether the server's answer was the API's error JSON (not a proxy's page, say) */
    this.fromApi = false;
  }

  get exitCode() {
    return exitCodes[this.kind];
  }
}

/** @param {string} message */
export const usageError = (message) => new CliError("usage", "usage", message);
