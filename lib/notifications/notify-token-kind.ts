import "server-only";
import { sealingKeys } from "../env";
import { scopeOf, type TokenScope } from "./notify-tokens";

/** What a notification link's token would turn off, or null when this site did not make it. */
export function notifyTokenKind(token: string): TokenScope["kind"] | null {
  return scopeOf(sealingKeys(), token)?.kind ?? null;
}
