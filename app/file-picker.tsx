"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type DragEvent } from "react";
import type { FileLimits } from "@/lib/browser/check-files";
import { formatSize } from "@/lib/i18n/format-size";
import { FieldError, invalidProps } from "./field-error";

/** A file chosen for the note; `key` tells two files of one name apart in the list. */
export type PickedFile = { key: number; file: File };

type Props = {
  files: PickedFile[];
  limits: FileLimits;
  errors: Record<string, string | undefined>;
  onChange: (files: PickedFile[]) => void;
};

let nextKey = 1;

/** Files to send with the note: chosen with the button or dropped on the zone, listed, removable. */
export function FilePicker({ files, limits, errors, onChange }: Props) {
  const [dragging, setDragging] = useState(false);
  const t = useTranslations("files");
  const locale = useLocale();
  const size = (bytes: number) => formatSize(bytes, locale);

  const add = (list: FileList | null) =>
    onChange([...files, ...Array.from(list ?? [], (file) => ({ key: nextKey++, file }))]);
  const over = (event: DragEvent) => {
    event.preventDefault();
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  const total = files.reduce((sum, { file }) => sum + file.size, 0);
  return (
    <fieldset className="card">
      <legend>{t("legend")}</legend>
      <div
        className={dragging ? "drop-zone dragging" : "drop-zone"}
        data-testid="drop-zone"
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label htmlFor="files" className="button ghost">
          {t("choose")}
        </label>
        {/* The list below holds the choice: the browser's own button, with its "No file chosen" and
            its own colours, stays for the keyboard and screen readers; its label is what is seen. */}
        <input
          id="files"
          type="file"
          className="sr-only"
          multiple
          // Emptied, so that the same file can be added again.
          onChange={(event) => {
            add(event.target.files);
            event.target.value = "";
          }}
          {...invalidProps("files", errors, "files-hint")}
        />
        <p className="hint">{t("drop")}</p>
      </div>
      <p id="files-hint" className="hint">
        {t("limits", {
          count: limits.maxCount,
          file: size(limits.maxFileBytes),
          total: size(limits.maxTotalBytes),
        })}
      </p>
      {files.length > 0 && (
        <ul className="file-rows" aria-label={t("chosen")}>
          {files.map(({ key, file }) => (
            <li key={key}>
              <span className="file-name">{file.name}</span>
              <span className="file-size">{size(file.size)}</span>
              <button
                type="button"
                className="button ghost"
                aria-label={t("remove", { name: file.name })}
                onClick={() => onChange(files.filter((picked) => picked.key !== key))}
              >
                {t("removeShort")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length > 1 && <p className="hint">{t("total", { count: files.length, size: size(total) })}</p>}
      <FieldError id="files-error" message={errors.files} />
    </fieldset>
  );
}
