import { useSyncExternalStore } from "react";

/**
 * Whether this page may use WebCrypto: browsers offer it only in a secure context (HTTPS, or
 * localhost), so a service reached over plain HTTP cannot encrypt or decrypt end to end. The pages
 * say so in the words of the catalogs' "webCrypto" messages.
 */
export const webCryptoAvailable = (): boolean => globalThis.crypto?.subtle !== undefined;

// Whether a page is a secure context never changes while it is open.
const unchanging = () => () => {};

/**
 * webCryptoAvailable() for a component: true while rendered on the server (the page is sent the same
 * to every visitor), the browser's answer from hydration on, so the form says so as it appears.
 */
export const useWebCrypto = (): boolean => useSyncExternalStore(unchanging, webCryptoAvailable, () => true);
