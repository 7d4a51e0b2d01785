/**
 * Whether this page may use WebCrypto: browsers offer it only in a secure context (HTTPS, or
 * localhost), so a service reached over plain HTTP cannot encrypt or decrypt end to end. The pages
 * say so in the words of the catalogs' "webCrypto" messages.
 */
export const webCryptoAvailable = (): boolean => globalThis.crypto?.subtle !== undefined;
