// The link's fragment (an end-to-end note's key, a request's private key) across a sign-in. The
// round trip to the provider goes through the server, which must never see the fragment, so the
// page keeps it in this tab's sessionStorage before leaving and puts it back when the visitor
// returns to the same path, once: it is deleted as it is read.

const storageKey = (path: string) => `notes-fragment:${path}`;

/** Keeps the fragment of the page at `path` (if it has one) for the visitor's return. */
export function keepFragment(path: string): void {
  if (window.location.hash.length > 1) sessionStorage.setItem(storageKey(path), window.location.hash);
}

/**
 * Puts back the fragment kept for `path`, unless the address already has one, and forgets it either
 * way. Those who follow the fragment hear of it as of any change (hashchange).
 */
export function restoreFragment(path: string): void {
  const kept = sessionStorage.getItem(storageKey(path));
  if (kept === null) return;
  sessionStorage.removeItem(storageKey(path));
  if (window.location.hash.length > 1) return;
  history.replaceState(history.state, "", kept);
  window.dispatchEvent(new HashChangeEvent("hashchange"));
}
