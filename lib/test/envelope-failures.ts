// What the envelope tests ask of an attempt to open: the reason it failed, by the error classes that
// carry one (EnvelopeError, FileEnvelopeError, RequestEnvelopeError), and envelopes changed in one place.

type ReasonedError = abstract new (...args: never[]) => Error & { reason: string };

/** An attempt's outcome: "opened", the failure's reason when it is one of `errors`, else what was thrown. */
export const reasonsBy =
  (...errors: ReasonedError[]) =>
  (promise: Promise<unknown>) =>
    promise.then(
      () => "opened",
      (error: unknown) =>
        errors.some((type) => error instanceof type)
          ? (error as { reason: string }).reason
          : `threw ${String(error)}`,
    );

/** The envelope with one character of part `part` (0: version … 4: ciphertext) changed. */
export function tamper(envelope: string, part: number): string {
  const parts = envelope.split(".");
  const text = parts[part] ?? "";
  const at = Math.floor(text.length / 2);
  parts[part] = text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  return parts.join(".");
}
