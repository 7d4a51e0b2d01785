"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { UploadError, uploadFiles, type FileUpload } from "@/lib/browser/file-transfer";

/** How far each file is (0 to 1; an empty file is done once its one chunk is stored), and whether the connection is being waited for. */
type Progress = { names: string[]; weights: number[]; done: number[]; retrying: boolean };

type Outcome = { ok: true } | { ok: false; cancelled: boolean; message: string };

/**
 * Sends the files of a created note (or of an answer), and on a cancel or a failure calls `discard`:
 * a note is deleted with every chunk it got, through the same DELETE any client makes, so a note
 * that never got its files leaves nothing.
 */
export function useUpload() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function run(options: {
    uploads: FileUpload[];
    token: string;
    discard: () => Promise<unknown>;
  }): Promise<Outcome> {
    const abort = new AbortController();
    controller.current = abort;
    const sizes = options.uploads.map(({ file }) => file.size);
    setProgress({
      names: options.uploads.map(({ file }) => file.name),
      // An empty file weighs as one byte, so that the bar moves for it too.
      weights: sizes.map((size) => Math.max(size, 1)),
      done: sizes.map(() => 0),
      retrying: false,
    });
    const update = (change: (old: Progress) => Progress) => setProgress((old) => old && change(old));
    try {
      await uploadFiles({
        uploads: options.uploads,
        token: options.token,
        signal: abort.signal,
        onProgress: (index, bytes) => {
          const size = sizes[index] ?? 0;
          const fraction = size === 0 ? 1 : bytes / size;
          update((old) => ({ ...old, done: old.done.map((done, i) => (i === index ? fraction : done)) }));
        },
        onRetrying: (retrying) => update((old) => (old.retrying === retrying ? old : { ...old, retrying })),
      });
      return { ok: true };
    } catch (error) {
      await options.discard();
      const message = error instanceof UploadError ? error.message : String(error);
      return { ok: false, cancelled: abort.signal.aborted, message };
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  return { progress, run, cancel: () => controller.current?.abort() };
}

const percent = (fraction: number) => `${Math.floor(fraction * 100)}%`;

/** A bar for each file and one for all of them, and the button that stops it all. */
export function UploadProgress({ progress, onCancel }: { progress: Progress; onCancel: () => void }) {
  const t = useTranslations("files");
  const { names, weights, done, retrying } = progress;
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const overall = weights.reduce((sum, weight, i) => sum + weight * (done[i] ?? 0), 0) / total;
  return (
    <section className="card upload" aria-labelledby="upload-heading">
      <h2 id="upload-heading">{t("uploading")}</h2>
      <div className="file-progress">
        <span>{t("overall")}</span>
        <progress max={1} value={overall} aria-label={t("overall")} />
        <span>{percent(overall)}</span>
      </div>
      <ul className="file-rows">
        {names.map((name, i) => (
          <li key={i} className="file-progress">
            <span className="file-name">{name}</span>
            <progress max={1} value={done[i] ?? 0} aria-label={t("progressOf", { name })} />
            <span>{percent(done[i] ?? 0)}</span>
          </li>
        ))}
      </ul>
      {retrying && (
        <p className="banner warn" role="status">
          {t("retrying")}
        </p>
      )}
      <button type="button" className="button ghost" onClick={onCancel}>
        {t("cancel")}
      </button>
    </section>
  );
}
