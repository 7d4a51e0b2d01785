"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { copyText } from "@/lib/browser/copy-text";

// The note's HTML arrives as a string (sanitized at create time), so its code blocks are not React
// elements: each gets its button here, after the HTML is in place, and one click handler on the
// container serves them all. The buttons are ours, never part of the note, so they cannot be forged
// by its HTML: the sanitizer strips <button> and the handler only answers buttons marked here.

const copyButtonKey = "copyCode";

type ButtonTexts = { button: string; label: (n: number) => string };

function addButtons(container: HTMLElement, texts: ButtonTexts) {
  container.querySelectorAll("pre").forEach((pre, index) => {
    if (pre.parentElement?.classList.contains("code-block")) return;
    const block = document.createElement("div");
    block.className = "code-block";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button ghost copy-code";
    button.textContent = texts.button;
    button.setAttribute("aria-label", texts.label(index + 1));
    button.dataset[copyButtonKey] = "";
    pre.replaceWith(block);
    block.append(button, pre);
  });
}

/** Wraps a rendered note: every code block in it gets a "Copy code" button. */
export function CodeCopy({ children }: { children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState("");
  const t = useTranslations("codeCopy");

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const texts = { button: t("button"), label: (n: number) => t("label", { n }) };
    addButtons(element, texts);
    // React puts new HTML in when the reader switches pages or loads remote images: its code blocks
    // get their buttons too. Adding a button is a change as well, but finds no block left to do.
    const observer = new MutationObserver(() => addButtons(element, texts));
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
    // The buttons are made once, in the language the page was first rendered in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function copy(event: MouseEvent<HTMLDivElement>) {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>(`button[data-copy-code]`);
    const code = button?.nextElementSibling;
    if (!button || !code) return;
    const copied = await copyText(code.textContent ?? "");
    setStatus(copied ? t("copied") : t("blocked"));
  }

  return (
    // The clicks handled here come from the real buttons inside; the container itself is not a control.
    <div ref={container} onClick={copy}>
      {children}
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
