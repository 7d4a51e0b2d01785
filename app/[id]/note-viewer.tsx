"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { sendJsonRetrying } from "@/lib/browser/call-api";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { restoreFragment } from "@/lib/browser/kept-fragment";
import { webCryptoAvailable } from "@/lib/browser/web-crypto";
import { isWellFormedKey, keyProof } from "@/lib/crypto/envelope";
import type { ReadNoteResponse, NoteMetaResponse } from "@/lib/notes/note-response-schemas";
import { SignInToOpen } from "../sign-in-to-open";
import { MissingKeyNotice, NoWebCryptoNotice, UndecryptableNotice } from "./encrypted-notices";
import { NoteArticle } from "./note-article";
import { NoteCountdown } from "./note-countdown";
import {
  linkKey,
  openEncryptedNote,
  openFailureMessage,
  plainNote,
  subscribeToFragment,
  type OpenedNote,
} from "./open-encrypted-note";

type Phase =
  | { name: "locked"; error?: string }
  | { name: "reading" }
  | ({ name: "shown" } & OpenedNote)
  | { name: "undecryptable"; message: string; note: ReadNoteResponse }
  /** the server refused the read's key proof: this key is not the note's */
  | { name: "wrongKey"; key: string }
  /** a note for members only, and the session ended since the page was rendered */
  | { name: "signIn" }
  | { name: "gone" };

/** The unlock step, then the note. Nothing is read until the visitor asks when a view is at stake. */
export function NoteViewer({ meta, frameStyleNonce }: { meta: NoteMetaResponse; frameStyleNonce: string }) {
  const needsClick = meta.password_required || meta.remaining_views !== null;
  const [phase, setPhase] = useState<Phase>(needsClick ? { name: "locked" } : { name: "reading" });
  const [expired, setExpired] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const startedRef = useRef(false);
  const t = useTranslations("viewer");
  // The revealed note keeps this heading: the page does not change its name on the reader.
  const articleTexts = useTranslations("article");
  const openErrors = useTranslations("openErrors");
  const fileTexts = useTranslations("files");
  const failureMessage = useFailureMessage();
  // An encrypted note's key is the link's fragment, which only the browser knows (null on the server).
  const fragmentKey = useSyncExternalStore(subscribeToFragment, linkKey, () => null);
  const keyless = meta.encrypted && fragmentKey !== null && !isWellFormedKey(fragmentKey);
  const cannotDecrypt = meta.encrypted && fragmentKey !== null && !webCryptoAvailable();

  async function open(note: ReadNoteResponse, key: string, password: string | undefined) {
    if (!note.encrypted) return setPhase({ name: "shown", ...plainNote(note) });
    try {
      setPhase({ name: "shown", ...(await openEncryptedNote(note, key, password)) });
    } catch (error) {
      setPhase({ name: "undecryptable", message: openFailureMessage(openErrors, error), note });
    }
  }

  async function read(password?: string) {
    const key = linkKey();
    setPhase({ name: "reading" });
    // An end-to-end note's read proves it holds the link's key; the key itself stays here.
    const proof = meta.encrypted ? { key_proof: await keyProof(key) } : {};
    const result = await sendJsonRetrying<ReadNoteResponse>(`/api/v1/shares/${meta.id}/read`, {
      body: password ? { password, ...proof } : proof,
    });
    if (result.ok) await open(result.data, key, password);
    else if (result.error === "not_found") setPhase({ name: "gone" });
    else if (result.error === "bad_key_proof") setPhase({ name: "wrongKey", key });
    else if (result.error === "sign_in_required") setPhase({ name: "signIn" });
    else if (result.error === "files_incomplete") setPhase({ name: "locked", error: fileTexts("pending") });
    else {
      setPhase({ name: "locked", error: failureMessage(result) });
      passwordRef.current?.focus();
    }
  }

  useEffect(() => {
    // Back from signing in to a note for members only: the link's key, kept in this tab, returns.
    restoreFragment(`/${meta.id}`);
    // A note without password or read limit loses nothing by being read at once; an encrypted note
    // whose link has no usable key is not read at all.
    const unopenable = meta.encrypted && !(isWellFormedKey(linkKey()) && webCryptoAvailable());
    if (needsClick || startedRef.current || unopenable) return;
    startedRef.current = true;
    void read();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, on the first render
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get("password");
    void read(typeof password === "string" ? password : undefined);
  }

  if (phase.name === "signIn") return <SignInToOpen kind="note" path={`/${meta.id}`} />;
  if (phase.name === "shown") {
    return <NoteArticle note={phase.note} files={phase.files} frameStyleNonce={frameStyleNonce} />;
  }
  if (phase.name === "undecryptable") {
    const { note, message } = phase;
    return (
      <UndecryptableNotice message={message} burned={note.burned} remainingViews={note.remaining_views} />
    );
  }
  // Until the fragment changes: the reader may paste the right key into the address bar.
  if (phase.name === "wrongKey" && phase.key === fragmentKey) return <MissingKeyNotice problem="wrong" />;
  if (keyless && phase.name !== "gone") {
    return <MissingKeyNotice problem={fragmentKey === "" ? "missing" : "malformed"} />;
  }
  if (cannotDecrypt && phase.name !== "gone") return <NoWebCryptoNotice />;
  if (phase.name === "gone" || expired) {
    return (
      <section className="card" aria-live="polite">
        <h1>{t("goneHeading")}</h1>
        <p>{t("goneText")}</p>
      </section>
    );
  }

  const error = phase.name === "locked" ? phase.error : undefined;
  // POST: without JavaScript the browser sends the form itself, and a GET would put the password in
  // the URL (history, proxies' logs).
  return (
    <section className="card" aria-labelledby="note-heading">
      <h1 id="note-heading">{articleTexts("heading")}</h1>
      <ul className="meta-list" aria-label={t("about")}>
        <li>
          <NoteCountdown expiresAt={meta.expires_at} onExpired={() => setExpired(true)} />
        </li>
        {meta.remaining_views !== null && <li>{t("viewsLeft", { count: meta.remaining_views })}</li>}
        {meta.page_count > 1 && <li>{t("pages", { count: meta.page_count })}</li>}
        {meta.file_count && <li>{fileTexts("count", { count: meta.file_count })}</li>}
        {meta.password_required && <li>{t("passwordProtected")}</li>}
        {meta.encrypted && <li>{t("encrypted")}</li>}
        {meta.password_attempts_left !== null && (
          <li>{t("attemptsLeft", { count: meta.password_attempts_left })}</li>
        )}
      </ul>
      {meta.remaining_views !== null && (
        <p className="banner warn">{t("warning", { count: meta.remaining_views })}</p>
      )}
      <form method="post" onSubmit={submit} noValidate>
        {meta.password_required && (
          <div className="field">
            <label htmlFor="password">{t("password")}</label>
            <input
              ref={passwordRef}
              id="password"
              name="password"
              type="password"
              autoComplete="off"
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "password-error" : undefined}
            />
          </div>
        )}
        {error && (
          <p id="password-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button className="button" type="submit" disabled={phase.name === "reading"}>
            {phase.name === "reading" ? t("opening") : t("reveal")}
          </button>
        </div>
      </form>
    </section>
  );
}
