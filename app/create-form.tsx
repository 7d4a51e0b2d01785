"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { sendJson } from "@/lib/browser/call-api";
import { checkDraft, errorMessage, fieldOfError } from "@/lib/browser/create-errors";
import { checkFiles } from "@/lib/browser/check-files";
import { createBody } from "@/lib/browser/create-body";
import { sealWithFiles } from "@/lib/browser/seal-files";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { useWebCrypto } from "@/lib/browser/web-crypto";
import type { CreatedNoteResponse } from "@/lib/notes/note-response-schemas";
import type { CreateOptions } from "./create-options";
import { CreateSettings } from "./create-settings";
import { EncryptionChoice } from "./encryption-choice";
import { FieldError } from "./field-error";
import { FilePicker, type PickedFile } from "./file-picker";
import { PageEditor, type DraftPage } from "./page-editor";
import { NoteResult } from "./note-result";
import { RecipientsField } from "./recipients-field";
import { UploadProgress, useUpload } from "./upload-progress";
import { useFieldErrors } from "./use-field-errors";

let nextKey = 1;
const blankPage = (): DraftPage => ({ key: nextKey++, title: "", content: "", format: "markdown" });

function swap<T>(items: T[], index: number, offset: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(index, 1);
  if (item !== undefined) copy.splice(index + offset, 0, item);
  return copy;
}

const pageTexts = (pages: DraftPage[]) =>
  pages.map(({ title, content, format }) => ({ title, content, format }));

/** A note of files alone: one page, left empty. */
const filesOnly = (pages: DraftPage[], files: PickedFile[]) =>
  files.length > 0 && pages.length === 1 && pages[0]?.content.trim() === "";

/**
 * The create page's form, below `heading` (the page's title and introduction, which give way to the
 * result). It calls the JSON API like any client; its errors land by their field.
 */
export function CreateForm({ options: settings, heading }: { options: CreateOptions; heading: ReactNode }) {
  const [pages, setPages] = useState<DraftPage[]>(() => [blankPage()]);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [apiKey, setApiKey] = useState("");
  const [encryptChosen, setEncrypt] = useState(true);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedNoteResponse | null>(null);
  const { errors, setErrors, fail, clearErrorsOf, form } = useFieldErrors();
  const keyed = apiKey.trim() !== "";
  // Outside a secure context the browser cannot encrypt: the switch says so before anything is written.
  const canEncrypt = useWebCrypto();
  const encrypt = encryptChosen && canEncrypt;
  const t = useTranslations("create");
  const errorTexts = useTranslations("createErrors");
  const encryptionTexts = useTranslations("encryption");
  const fileTexts = useTranslations("files");
  const locale = useLocale();
  const failureMessage = useFailureMessage();
  const upload = useUpload();
  const fileLimits = keyed ? settings.fileLimits.keyed : settings.fileLimits.keyless;
  const deleteHeaders = (note: CreatedNoteResponse): Record<string, string> =>
    keyed ? { "x-api-key": apiKey.trim() } : { "x-delete-token": note.delete_token ?? "" };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const options = new FormData(event.currentTarget);
    const chosen = files.map(({ file }) => file);
    const texts = filesOnly(pages, files) ? [] : pageTexts(pages);
    const problems = checkDraft(
      errorTexts,
      texts.map((page) => page.content),
      String(options.get("burn_after") ?? "").trim(),
      {
        maxBurnAfter: settings.burnAfter.max,
        password: settings.requirePassword ? String(options.get("password") ?? "") : null,
      },
    );
    const fileProblem = checkFiles(fileTexts, chosen, fileLimits, locale);
    if (fileProblem) problems.files = fileProblem;
    if (settings.requiresKey && !keyed) problems.api_key = t("apiKeyNeeded");
    if (Object.keys(problems).length > 0) return fail(problems);
    setBusy(true);
    setErrors({});
    // The key stays in this page: it reaches the reader only in the link's fragment.
    const password = String(options.get("password") ?? "");
    const sealed = encrypt ? await sealWithFiles(texts, chosen, password) : null;
    const result = await sendJson<CreatedNoteResponse>("/api/v1/shares", {
      body: createBody(texts, chosen, options, keyed, sealed),
      headers: keyed ? { "x-api-key": apiKey.trim() } : {},
    });
    if (result.ok && result.data.files && result.data.upload_token) {
      const { id } = result.data;
      const outcome = await upload.run({
        token: result.data.upload_token,
        // The answer lists the files in the order they were declared.
        uploads: result.data.files.flatMap((target, i) => {
          const file = chosen[i];
          return file ? [{ target, file, key: sealed?.fileKeys[i] ?? null }] : [];
        }),
        discard: () =>
          sendJson(`/api/v1/shares/${id}`, { method: "DELETE", headers: deleteHeaders(result.data) }),
      });
      if (!outcome.ok) {
        setBusy(false);
        const message = outcome.cancelled
          ? fileTexts("cancelled")
          : fileTexts("failed", { reason: outcome.message });
        return fail({ files: message });
      }
    }
    setBusy(false);
    if (result.ok) {
      const withKey = (url: string) => (sealed ? `${url}#${sealed.key}` : url);
      const links = result.data.links?.map((link) => ({ ...link, url: withKey(link.url) }));
      setFiles([]);
      return setCreated({ ...result.data, url: withKey(result.data.url), ...(links && { links }) });
    }
    const field = fieldOfError(result.error, result.message, pages.length);
    let message = errorMessage(errorTexts, field, result.error, result.message, pages.length);
    if (field === "form") message = failureMessage(result);
    // The API counts the envelope's bytes, which the writer never saw.
    else if (sealed && result.error === "too_large") message = errorTexts("encryptedTooLarge");
    fail({ [field]: message });
  }

  if (created) {
    return (
      <NoteResult
        note={created}
        deleteHeaders={deleteHeaders(created)}
        onAnother={() => {
          setCreated(null);
          setPages([blankPage()]);
        }}
      />
    );
  }

  const update = (index: number, page: DraftPage) =>
    setPages(pages.map((old, i) => (i === index ? page : old)));
  // POST: without JavaScript the browser sends the form itself, and a GET would put the password and
  // the recipients' names in the URL (history, proxies' logs).
  return (
    <>
      {heading}
      {!canEncrypt && (
        <p className="banner warn" role="status">
          {encryptionTexts.rich("unavailableSummary", {
            link: (text) => <a href="#encrypt-unavailable">{text}</a>,
          })}
        </p>
      )}
      <form
        ref={form}
        method="post"
        onSubmit={submit}
        onInput={clearErrorsOf}
        noValidate
        aria-label={t("formLabel")}
      >
        {errors.form && (
          <p id="form-error" className="form-error" role="alert" tabIndex={-1}>
            {errors.form}
          </p>
        )}
        {pages.map((page, index) => (
          <PageEditor
            key={page.key}
            page={page}
            index={index}
            count={pages.length}
            htmlAllowed={keyed}
            errors={errors}
            onChange={(changed) => update(index, changed)}
            onMove={(offset) => setPages(swap(pages, index, offset))}
            onRemove={() => setPages(pages.filter((_, i) => i !== index))}
          />
        ))}
        <div className="button-row actions">
          <button type="button" className="button ghost" onClick={() => setPages([...pages, blankPage()])}>
            {t("addPage")}
          </button>
          <FieldError id="pages-error" message={errors.pages} />
        </div>
        <FilePicker files={files} limits={fileLimits} errors={errors} onChange={setFiles} />
        <EncryptionChoice encrypt={encrypt} available={canEncrypt} onChange={setEncrypt} />
        <CreateSettings
          errors={errors}
          keyed={keyed}
          apiKey={apiKey}
          onApiKey={setApiKey}
          options={settings}
        />
        <RecipientsField errors={errors} />
        {upload.progress ? (
          <UploadProgress progress={upload.progress} onCancel={upload.cancel} />
        ) : (
          <button className="button" type="submit" disabled={busy}>
            {busy ? t("creating") : t("submit")}
          </button>
        )}
      </form>
    </>
  );
}
