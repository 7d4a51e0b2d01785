import { notePolicy } from "@/lib/notes/note-policy";
import { FieldError, invalidProps } from "./field-error";

/**
 * One link per recipient: a label a line. Left empty, the note has its one link; filled, each
 * recipient gets a link of their own, and the status page says whose link was opened.
 */
export function RecipientsField({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    <fieldset className="card">
      <legend>Recipients</legend>
      <div className="field">
        <label htmlFor="recipients">Names, one per line (optional)</label>
        <textarea
          id="recipients"
          name="recipients"
          rows={3}
          placeholder={"Alice\nBob"}
          {...invalidProps("recipients", errors, "recipients-hint")}
        />
        <p id="recipients-hint" className="hint">
          To send one link per recipient: {notePolicy.minRecipients} to {notePolicy.maxRecipients} names. Each
          gets a link of their own, read limit and all, and the names show who opened it. Only you see them.
        </p>
        <FieldError id="recipients-error" message={errors.recipients} />
      </div>
    </fieldset>
  );
}
