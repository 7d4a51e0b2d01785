"use client";

import { useTranslations } from "next-intl";
import { useMemo, type HTMLAttributes } from "react";

/** The reader's choice for this note: images from other sites stay unloaded until `allow`. */
export type RemoteImages = { allowed: boolean; allow: () => void };

/** A document parsed by the browser's own HTML parser without a window: nothing in it loads or runs. */
export const inertDocument = (html: string) => new DOMParser().parseFromString(html, "text/html");

/** An address no URL parser accepts fetches nothing, but it is withheld like any other. */
function isRemote(src: string): boolean {
  const base = window.location.href;
  return !URL.canParse(src, base) || new URL(src, base).origin !== window.location.origin;
}

/**
 * The sanitized HTML with the address taken off every image from another site: such an image tells
 * that site who opened the note and when. The sanitizer keeps only absolute http(s) `src`s on <img>
 * and no CSS that loads anything, so <img src> is the only way a sanitized note fetches.
 */
function withoutRemoteImages(html: string): { html: string; withheld: boolean } {
  const body = inertDocument(html).body;
  const remote = [...body.querySelectorAll("img[src]")].filter((image) =>
    isRemote(image.getAttribute("src") ?? ""),
  );
  for (const image of remote) image.removeAttribute("src");
  return remote.length ? { html: body.innerHTML, withheld: true } : { html, withheld: false };
}

/** The notice that asks before anything is fetched from another site for this note. */
export function RemoteImagesNotice({ onAllow }: { onAllow: () => void }) {
  const t = useTranslations("article");
  return (
    <div className="banner remote-images" role="note">
      <p>{t("remoteImages")}</p>
      <button type="button" className="button ghost" onClick={onAllow}>
        {t("loadImages")}
      </button>
    </div>
  );
}

type NoteHtmlProps = { html: string; images: RemoteImages } & Omit<
  HTMLAttributes<HTMLElement>,
  "dangerouslySetInnerHTML"
>;

/** A sanitized page of the note, its remote images withheld until the reader allows them. */
export function NoteHtml({ html, images, ...article }: NoteHtmlProps) {
  const shown = useMemo(
    () => (images.allowed ? { html, withheld: false } : withoutRemoteImages(html)),
    [html, images.allowed],
  );
  return (
    <>
      {shown.withheld && <RemoteImagesNotice onAllow={images.allow} />}
      <article className="note" dir="auto" {...article} dangerouslySetInnerHTML={{ __html: shown.html }} />
    </>
  );
}
