import type { z } from "zod";
import { ApiError, isErrorCode, type ErrorCode } from "./api-error";

type Issue = z.core.$ZodIssue;

/**
 * Validates a parsed body. Which error code an issue gets comes from the issue itself when a
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
  const issue = result.error.issues[0] as Issue;
  const preset = (issue as { params?: { code?: unknown } }).params?.code;
  const code = isErrorCode(preset) ? preset : codeForPath(issue.path);
  throw new ApiError(code, describe(issue));
}

function describe(issue: Issue): string {
  const where = issue.path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join("");
  return where ? `${where}: ${issue.message}` : issue.message;
}
