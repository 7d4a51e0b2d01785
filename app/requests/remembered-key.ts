// The private key of a request, kept in this browser's local storage only when its requester asks
// for it, under one entry per request.

const entry = (id: string) => `notes.request-key.${id}`;

export function rememberKey(id: string, privateKey: string): void {
  localStorage.setItem(entry(id), privateKey);
}

export function rememberedKey(id: string): string | null {
  return localStorage.getItem(entry(id));
}

export function forgetKey(id: string): void {
  localStorage.removeItem(entry(id));
}
