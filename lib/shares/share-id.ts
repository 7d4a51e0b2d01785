import { randomAlphanumeric } from "../crypto/random-string";
import { ApiError } from "../http/api-error";
import { sharePolicy, shareIdPattern } from "./share-policy";

export function generateShareId(): string {
  return randomAlphanumeric(sharePolicy.idLength);
}

export function isShareId(value: string): boolean {
  return shareIdPattern.test(value);
}

/** One answer for an unknown, expired, burned or someone else's note, so none tells them apart. */
export const notFound = () => new ApiError("not_found", "No such note (it may have expired or been burned).");

/** Ids of any other shape are not_found without a database round trip. */
export function assertShareId(value: string): void {
  if (!isShareId(value)) throw notFound();
}
