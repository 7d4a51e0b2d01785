/** The create form's recipients, a label a line (blank lines skipped); none: the note has one link. */
export function recipientLabels(options: FormData): { recipients?: string[] } {
  const labels = String(options.get("recipients") ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return labels.length > 0 ? { recipients: labels } : {};
}
