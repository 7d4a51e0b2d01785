import type { z } from "zod";
import { ApiError, isErrorCode, type ErrorCode } from "./api-error";

type Issue = z.core.$ZodIssue;

/**
 * Validates a parsed body. Every body schema is a strict object, so a field the route does not know
 * is an `unrecognized_keys` issue, answered `unknown_field` before any other: a misspelled
 * `password` would otherwise create an unprotected note, and a misspelled `content` would be
 * reported as missing content. Which code another issue gets comes from the issue itself when a
 * check set one (`params.code`), else from its path; zod reports fields in schema order, so the
 * schema's field order is the order in which errors win.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  codeForPath: (path: PropertyKey[]) => ErrorCode,
): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues as Issue[];
  const unknown = issues.find((issue) => issue.code === "unrecognized_keys");
  if (unknown) throw unknownFieldError(unknown.path, unknown.keys);
  const issue = issues[0] as Issue;
  const preset = (issue as { params?: { code?: unknown } }).params?.code;
  const code = isErrorCode(preset) ? preset : codeForPath(issue.path);
  throw new ApiError(code, describe(issue));
}

/** Names shown of a body's unknown fields, each cut to this many characters: enough to spot a typo. */
const shown = { fields: 5, characters: 100 };

/** `"pages[0].titel"`: a field's path quoted for a message, cut short enough to spot a typo. */
export function quotedPath(path: PropertyKey[]): string {
  const name = pathName(path);
  return JSON.stringify(name.length > shown.characters ? `${name.slice(0, shown.characters)}…` : name);
}

/** `Unknown field "pages[0].titel": ...`, each unknown field named with its path. */
function unknownFieldError(path: PropertyKey[], keys: readonly string[]): ApiError {
  const names = keys.slice(0, shown.fields).map((key) => quotedPath([...path, key]));
  const more = keys.length > shown.fields ? ` and ${keys.length - shown.fields} more` : "";
  return new ApiError(
    "unknown_field",
    keys.length === 1
      ? `Unknown field ${names.join("")}: this route does not take it.`
      : `Unknown fields ${names.join(", ")}${more}: this route does not take them.`,
  );
}

function describe(issue: Issue): string {
  const where = pathName(issue.path);
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** `pages[0].title`: a path as a client writes it. */
function pathName(path: PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join("");
}
