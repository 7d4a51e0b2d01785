import type { CreatedNoteResponse } from "@/lib/notes/note-response-schemas";
import { CopyField } from "./copy-field";

type Links = NonNullable<CreatedNoteResponse["links"]>;

/** Each recipient's own link, to copy one by one; an encrypted note's key follows each after #. */
export function RecipientLinks({ links }: { links: Links }) {
  return (
    <section aria-labelledby="recipient-links-heading">
      <h3 id="recipient-links-heading">One link per recipient</h3>
      <p>
        Send each person their own link: each opens the note on its own, and the log says whose was opened.
      </p>
      {links.map((link, index) => (
        <CopyField
          key={link.id}
          id={`recipient-url-${index}`}
          label={link.label}
          value={link.url}
          copyLabel={`Copy ${link.label}'s link`}
          focusOnMount={index === 0}
        />
      ))}
    </section>
  );
}
