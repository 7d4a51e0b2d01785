import { useSyncExternalStore } from "react";

// The private key of a request, kept in this browser's local storage only when its requester asks
// for it, under one entry per request.

const entry = (id: string) => `notes.request-key.${id}`;

/** What this tab changes: local storage's own event fires only in the other tabs. */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function rememberKey(id: string, privateKey: string): void {
  localStorage.setItem(entry(id), privateKey);
}

export function forgetKey(id: string): void {
  localStorage.removeItem(entry(id));
  for (const listener of listeners) listener();
}

/** The key this browser remembers for the request, kept current; null when none (and on the server). */
export function useRememberedKey(id: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(entry(id)),
    () => null,
  );
}
