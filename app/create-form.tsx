"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { sendJson } from "@/lib/browser/call-api";
import { checkDraft, errorMessage, fieldOfError } from "@/lib/browser/create-errors";
import { recipientLabels } from "@/lib/browser/recipient-labels";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { useWebCrypto } from "@/lib/browser/web-crypto";
import { sealNote } from "@/lib/crypto/envelope";
import type { CreatedNoteResponse } from "@/lib/notes/note-response-schemas";
import { CreateSettings } from "./create-settings";
import { EncryptionChoice } from "./encryption-choice";
import { FieldError } from "./field-error";
import { PageEditor, type DraftPage } from "./page-editor";
import { NoteResult } from "./note-result";
import { RecipientsField } from "./recipients-field";

type Errors = Record<string, string | undefined>;

/** What the server's settings decide about the form. */
export type CreateOptions = {
  ttlChoices: { value: string; label: string }[];
  defaultTtl: string;
  /** CREATE_REQUIRES_KEY: the form asks for a key before sending anything */
  requiresKey: boolean;
};

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

/**
 * The body the API expects: `content` for one page, `pages` for several, or the envelope that seals
 * them all (titles and formats included) for an encrypted note.
 */
function requestBody(
  pages: DraftPage[],
  options: FormData,
  keyed: boolean,
  sealed: { envelope: string; keyProof: string } | null,
) {
  const permanent = keyed && options.get("permanent") === "on";
  const burnAfter = String(options.get("burn_after") ?? "").trim();
  const password = String(options.get("password") ?? "");
  const burnAfterFailures = String(options.get("burn_after_failures") ?? "").trim();
  const [first] = pages;
  let note;
  if (sealed !== null) note = { content: sealed.envelope, key_proof: sealed.keyProof, encrypted: true };
  else if (pages.length === 1 && first) note = { content: first.content, format: first.format };
  else note = { pages: pageTexts(pages) };
  return {
    ...note,
    ...(permanent ? { permanent: true } : { ttl: options.get("ttl") }),
    ...(burnAfter && { burn_after: Number(burnAfter) }),
    ...(password && { password }),
    ...(burnAfterFailures && { burn_after_failures: Number(burnAfterFailures) }),
    ...recipientLabels(options),
  };
}

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

/**
 * The create page's form, below `heading` (the page's title and introduction, which give way to the
 * result). It calls the JSON API like any client; its errors land by their field.
 */
export function CreateForm({ options: settings, heading }: { options: CreateOptions; heading: ReactNode }) {
  const [pages, setPages] = useState<DraftPage[]>(() => [blankPage()]);
  const [apiKey, setApiKey] = useState("");
  const [encryptChosen, setEncrypt] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedNoteResponse | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);
  const keyed = apiKey.trim() !== "";
  // Outside a secure context the browser cannot encrypt: the switch says so before anything is written.
  const canEncrypt = useWebCrypto();
  const encrypt = encryptChosen && canEncrypt;
  const t = useTranslations("create");
  const encryptionTexts = useTranslations("encryption");
  const errorTexts = useTranslations("createErrors");
  const failureMessage = useFailureMessage();

  // After a failed submit, the first field in error takes focus, so the message is read out with it.
  useEffect(() => {
    if (!focusPending.current || !form.current) return;
    focusPending.current = false;
    firstInError(form.current, errors)?.focus();
  }, [errors]);

  function fail(found: Errors) {
    focusPending.current = true;
    setErrors(found);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const options = new FormData(event.currentTarget);
    const problems = checkDraft(
      errorTexts,
      pages.map((page) => page.content),
      String(options.get("burn_after") ?? "").trim(),
    );
    if (settings.requiresKey && !keyed) problems.api_key = t("apiKeyNeeded");
    if (Object.keys(problems).length > 0) return fail(problems);
    setBusy(true);
    setErrors({});
    // The key stays in this page: it reaches the reader only in the link's fragment.
    const password = String(options.get("password") ?? "");
    const sealed = encrypt ? await sealNote({ pages: pageTexts(pages) }, { password }) : null;
    const result = await sendJson<CreatedNoteResponse>("/api/v1/shares", {
      body: requestBody(pages, options, keyed, sealed),
      headers: keyed ? { "x-api-key": apiKey.trim() } : {},
    });
    setBusy(false);
    if (result.ok) {
      const withKey = (url: string) => (sealed ? `${url}#${sealed.key}` : url);
      const links = result.data.links?.map((link) => ({ ...link, url: withKey(link.url) }));
      return setCreated({ ...result.data, url: withKey(result.data.url), ...(links && { links }) });
    }
    const field = fieldOfError(result.error, result.message, pages.length);
    let message = errorMessage(errorTexts, field, result.error, result.message, pages.length);
    if (field === "form") message = failureMessage(result);
    // The API counts the envelope's bytes, which the writer never saw.
    else if (sealed && result.error === "too_large") message = errorTexts("encryptedTooLarge");
    fail({ [field]: message });
  }

  function clearErrorsOf(event: FormEvent<HTMLFormElement>) {
    const cleared = clearedBy((event.target as HTMLElement).id);
    if (cleared.some((key) => errors[key])) {
      setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => !cleared.includes(key))));
    }
  }

  if (created) {
    return (
      <NoteResult
        note={created}
        deleteHeaders={
          keyed ? { "x-api-key": apiKey.trim() } : { "x-delete-token": created.delete_token ?? "" }
        }
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
        <EncryptionChoice encrypt={encrypt} available={canEncrypt} onChange={setEncrypt} />
        <CreateSettings
          errors={errors}
          keyed={keyed}
          apiKey={apiKey}
          onApiKey={setApiKey}
          options={settings}
        />
        <RecipientsField errors={errors} />
        <button className="button" type="submit" disabled={busy}>
          {busy ? t("creating") : t("submit")}
        </button>
      </form>
    </>
  );
}
