"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { downloadFile, openSink, type NoteFile } from "@/lib/browser/file-download";
import { savedFileName } from "@/lib/files/file-name";
import { formatSize } from "@/lib/i18n/format-size";

/** Above this, a download asks first: it may cost the reader time, data and disk. */
const LARGE_DOWNLOAD_BYTES = 50 * 1024 * 1024;

type State =
  | { name: "idle"; error?: string }
  | { name: "confirming" }
  | { name: "downloading"; bytes: number }
  | { name: "done" };

/** One file of the note: its name, type and size, and how to get it. */
function FileRow({ file }: { file: NoteFile }) {
  const [state, setState] = useState<State>({ name: "idle" });
  const controller = useRef<AbortController | null>(null);
  const t = useTranslations("files");
  const locale = useLocale();

  async function download() {
    if (!file.key) return;
    const abort = new AbortController();
    controller.current = abort;
    try {
      const sink = await openSink(file, abort.signal);
      setState({ name: "downloading", bytes: 0 });
      await downloadFile({ ...file, key: file.key }, sink, {
        signal: abort.signal,
        onProgress: (bytes) => setState({ name: "downloading", bytes }),
      });
      setState({ name: "done" });
    } catch (error) {
      // Closing the save dialog, or Cancel, is no failure.
      const stopped = abort.signal.aborted || (error instanceof DOMException && error.name === "AbortError");
      setState(stopped ? { name: "idle" } : { name: "idle", error: t("downloadFailed") });
    }
  }

  const large = file.size > LARGE_DOWNLOAD_BYTES;
  const label = t("downloadOf", { name: file.name });
  // The server opens a file it sealed, and names it: a link is all it takes.
  const link = (text: string, ariaLabel?: string) => (
    <a
      className="button"
      href={file.download_url}
      download={savedFileName(file.name, file.index)}
      aria-label={ariaLabel}
      onClick={() => setState({ name: "idle" })}
    >
      {text}
    </a>
  );
  let action;
  if (state.name === "downloading") {
    action = (
      <span className="file-progress">
        <progress
          max={Math.max(file.size, 1)}
          value={state.bytes}
          aria-label={t("progressOf", { name: file.name })}
        />
        <button type="button" className="button ghost" onClick={() => controller.current?.abort()}>
          {t("cancel")}
        </button>
      </span>
    );
  } else if (!file.key && !large) action = link(t("download"), label);
  else {
    const start = () => (large ? setState({ name: "confirming" }) : void download());
    action = (
      <button type="button" className="button" aria-label={label} onClick={start}>
        {state.name === "done" ? t("downloadAgain") : t("download")}
      </button>
    );
  }
  return (
    <li>
      <span className="file-name">{file.name}</span>
      <span className="file-type">{file.type}</span>
      <span className="file-size">{formatSize(file.size, locale)}</span>
      {state.name !== "confirming" && action}
      {state.name === "confirming" && (
        <div className="banner warn large-download" role="alertdialog" aria-label={t("largeHeading")}>
          <p>{t("large", { size: formatSize(file.size, locale) })}</p>
          <div className="button-row">
            {file.key ? (
              <button type="button" className="button" onClick={() => void download()}>
                {t("downloadAnyway")}
              </button>
            ) : (
              link(t("downloadAnyway"))
            )}
            <button type="button" className="button ghost" onClick={() => setState({ name: "idle" })}>
              {t("notNow")}
            </button>
          </div>
        </div>
      )}
      {state.name === "idle" && state.error && (
        <p className="field-error" role="alert">
          {state.error}
        </p>
      )}
    </li>
  );
}

/**
 * The note's files, after the read that granted them (or an answer's, which its requester may fetch
 * as long as it exists: no `grantHint` then): each downloads on its own.
 */
export function FileList({ files, grantHint = true }: { files: NoteFile[]; grantHint?: boolean }) {
  const t = useTranslations("files");
  // A requester's page lists several answers' files: each list needs a heading id of its own.
  const headingId = useId();
  if (files.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t("heading", { count: files.length })}</h2>
      {grantHint && <p className="hint">{t("grantHint", { count: files.length })}</p>}
      <ul className="file-rows">
        {files.map((file) => (
          <FileRow key={file.index} file={file} />
        ))}
      </ul>
    </section>
  );
}
