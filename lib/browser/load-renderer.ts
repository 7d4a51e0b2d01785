import type { NoteFormat } from "../render/render-note";

type Render = (content: string, format: NoteFormat) => string;

let renderer: Promise<Render> | undefined;

/**
 * The same unified pipeline and allow-list the server renders with at create time, loaded on first
 * use so a page does not wait for it: the create page's preview, and the viewer of an end-to-end
 * encrypted note (whose text only the browser ever sees) render with it.
 */
export function loadRenderer(): Promise<Render> {
  renderer ??= import("../render/render-note").then((module) => module.renderNote);
  return renderer;
}
