import { writeLogLine } from "../process/log-line";

// A person's groups, from the ID token or userinfo claim named by OIDC_GROUPS_CLAIM. Only an array
// of strings counts; anything else (a string, an object, an array holding other things) is no group
// at all, and is logged once per process at warn with the claim's name and type, never its values.

let warned = false;

/** The groups a claim's value lists: its strings, or none when it is absent or not an array of strings. */
export function readGroups(claimName: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
  if (!warned) {
    warned = true;
    const type = Array.isArray(value) ? "array of non-strings" : value === null ? "null" : typeof value;
    writeLogLine({ level: "warn", msg: "groups claim ignored", claim: claimName, type });
  }
  return [];
}
