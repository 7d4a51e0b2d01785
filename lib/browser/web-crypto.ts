/**
 * Whether this page may use WebCrypto: browsers offer it only in a secure context (HTTPS, or
 * localhost), so a service reached over plain HTTP cannot encrypt or decrypt end to end.
 */
export const webCryptoAvailable = (): boolean => globalThis.crypto?.subtle !== undefined;

export const noWebCryptoMessage =
  "This browser offers encryption only on a secure connection (HTTPS or localhost), and this page was " +
  "not opened over one.";
