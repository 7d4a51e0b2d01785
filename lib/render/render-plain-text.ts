/** The note as escaped preformatted text: the safe rendering when real rendering is not possible. */
export function renderPlainText(text: string): string {
  if (!text) return "";
  return `<pre>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</pre>`;
}
