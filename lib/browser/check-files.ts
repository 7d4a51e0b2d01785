import type { useTranslations } from "next-intl";
import { formatSize } from "../i18n/format-size";

/** The server's limits on a note's files, for the create page's checks and hints. */
export type FileLimits = { maxCount: number; maxFileBytes: number; maxTotalBytes: number };

/**
 * What is wrong with the chosen files under the server's limits, in the words of the "files"
 * messages; undefined when nothing is. The server checks the same before it stores a byte: the
 * page only says so sooner, and by the file's name.
 */
export function checkFiles(
  t: ReturnType<typeof useTranslations<"files">>,
  files: { name: string; size: number }[],
  limits: FileLimits,
  locale: string,
): string | undefined {
  if (files.length > limits.maxCount) return t("tooMany", { count: limits.maxCount });
  const large = files.find((file) => file.size > limits.maxFileBytes);
  if (large) return t("fileTooLarge", { name: large.name, limit: formatSize(limits.maxFileBytes, locale) });
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > limits.maxTotalBytes) return t("tooLarge", { limit: formatSize(limits.maxTotalBytes, locale) });
  return undefined;
}
