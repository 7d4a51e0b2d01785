/**
 * An error shown under the field it concerns; the field points at it with aria-describedby. It can
 * take focus from script (never from Tab) for errors that belong to no single control.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}

/** A field's error state for assistive technology: invalid, and described by its hint and error. */
export function invalidProps(id: string, errors: Record<string, string | undefined>, hint?: string) {
  const error = errors[id] ? `${id}-error` : undefined;
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hint, error].filter(Boolean).join(" ") || undefined,
  };
}
