"use client";

import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";

// Where the create form's errors go: each lands by its field, the first field in error takes focus
// after a failed submit (so the message is read out with it), and an edit of a field clears its own.

type Errors = Record<string, string | undefined>;

/** Error keys an edit of this field clears: its own, and the error it shares with others. */
function clearedBy(id: string): string[] {
  if (id === "permanent") return ["ttl"];
  return id.startsWith("content-") ? [id, "pages"] : [id];
}

/** The first element, in page order, that shows one of the errors: its field, or else the message. */
function firstInError(form: HTMLFormElement, errors: Errors): HTMLElement | undefined {
  return Object.keys(errors)
    .map((key) =>
      form.querySelector<HTMLElement>(`[id="${key}"]:is(input,select,textarea), [id="${key}-error"]`),
    )
    .filter((element): element is HTMLElement => element !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}

/** The form's errors by field; `form` is the form's ref, `fail` shows errors, `clearErrorsOf` is its onInput. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);

  // The errors are committed to the page (flushSync) before focus moves, in the same handler: focus
  // does not wait on an effect of whichever render comes next.
  function fail(found: Errors) {
    flushSync(() => setErrors(found));
    if (form.current) firstInError(form.current, found)?.focus();
  }

  function clearErrorsOf(event: FormEvent<HTMLFormElement>) {
    const cleared = clearedBy((event.target as HTMLElement).id);
    if (cleared.some((key) => errors[key])) {
      setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => !cleared.includes(key))));
    }
  }

  return { errors, setErrors, fail, clearErrorsOf, form };
}
