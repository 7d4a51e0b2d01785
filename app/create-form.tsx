"use client";

import { useState, type FormEvent } from "react";
import { failureMessage, sendJson } from "@/lib/browser/call-api";
import { fieldOfError } from "@/lib/browser/create-errors";
import type { toCreatedShareResponse } from "@/lib/shares/share-response";
import { FieldError } from "./field-error";
import { PageEditor, type DraftPage } from "./page-editor";
import { ShareResult } from "./share-result";

export type CreatedShare = ReturnType<typeof toCreatedShareResponse>;

type Errors = Record<string, string | undefined>;

let nextKey = 1;
const blankPage = (): DraftPage => ({ key: nextKey++, title: "", content: "", format: "markdown" });

function swap<T>(items: T[], index: number, offset: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(index, 1);
  if (item !== undefined) copy.splice(index + offset, 0, item);
  return copy;
}

/** The body the API expects: `content` for one page, `pages` for several. */
function requestBody(pages: DraftPage[], options: FormData, keyed: boolean) {
  const permanent = keyed && options.get("permanent") === "on";
  const burnAfter = String(options.get("burn_after") ?? "").trim();
  const password = String(options.get("password") ?? "");
  const [first] = pages;
  return {
    ...(pages.length === 1 && first
      ? { content: first.content, format: first.format }
      : { pages: pages.map(({ title, content, format }) => ({ title, content, format })) }),
    ...(permanent ? { permanent: true } : { ttl: options.get("ttl") }),
    ...(burnAfter && { burn_after: Number(burnAfter) }),
    ...(password && { password }),
  };
}

/** The create page's form. It calls the JSON API like any client; its errors land by their field. */
export function CreateForm() {
  const [pages, setPages] = useState<DraftPage[]>(() => [blankPage()]);
  const [apiKey, setApiKey] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const keyed = apiKey.trim() !== "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const body = requestBody(pages, new FormData(event.currentTarget), keyed);
    const result = await sendJson<CreatedShare>("/api/v1/shares", {
      body,
      headers: keyed ? { "x-api-key": apiKey.trim() } : {},
    });
    setBusy(false);
    if (result.ok) setCreated(result.data);
    else setErrors({ [fieldOfError(result.error, result.message, pages.length)]: failureMessage(result) });
  }

  if (created) {
    return (
      <ShareResult
        share={created}
        onAnother={() => {
          setCreated(null);
          setPages([blankPage()]);
        }}
      />
    );
  }

  const update = (index: number, page: DraftPage) =>
    setPages(pages.map((old, i) => (i === index ? page : old)));
  return (
    <form onSubmit={submit} noValidate aria-label="Create a note">
      {errors.form && (
        <p className="form-error" role="alert">
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
          Add a page
        </button>
        <FieldError id="pages-error" message={errors.pages} />
      </div>
      <fieldset className="card">
        <legend>Settings</legend>
        <div className="grid">
          <div className="field">
            <label htmlFor="ttl">Expires after</label>
            <select id="ttl" name="ttl" defaultValue="1d" aria-describedby="ttl-error">
              <option value="1h">1 hour</option>
              <option value="1d">1 day</option>
              <option value="7d">7 days</option>
              <option value="30d">30 days</option>
            </select>
            <label className="hint">
              <input type="checkbox" name="permanent" disabled={!keyed} /> Never expires (needs an API key)
            </label>
            <FieldError id="ttl-error" message={errors.ttl} />
          </div>
          <div className="field">
            <label htmlFor="burn_after">Destroy after this many reads</label>
            <input
              id="burn_after"
              name="burn_after"
              type="number"
              min={1}
              max={1000}
              placeholder="No limit"
              aria-describedby="burn_after-error"
            />
            <FieldError id="burn_after-error" message={errors.burn_after} />
          </div>
          <div className="field">
            <label htmlFor="password">Password (optional)</label>
            <input id="password" name="password" type="password" autoComplete="new-password" />
            <FieldError id="password-error" message={errors.password} />
          </div>
          <div className="field">
            <label htmlFor="api_key">API key (optional)</label>
            <input
              id="api_key"
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              aria-describedby="api_key-hint api_key-error"
            />
            <p id="api_key-hint" className="hint">
              Unlocks permanent notes and HTML.
            </p>
            <FieldError id="api_key-error" message={errors.api_key} />
          </div>
        </div>
      </fieldset>
      <button className="button" type="submit" disabled={busy}>
        {busy ? "Creating…" : "Create note"}
      </button>
    </form>
  );
}
