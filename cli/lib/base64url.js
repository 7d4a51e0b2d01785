// @ts-check
// base64url without padding (RFC 4648 §5), the spelling of every key, salt and envelope part the
// end-to-end formats write; btoa/atob exist in browsers and in Node 20+.

/** @param {Uint8Array} bytes */
export function encodeBase64url(bytes) {
  let binary = "";
  // In slices: String.fromCharCode with half a megabyte of arguments would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
export function decodeBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
