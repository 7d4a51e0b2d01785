const units = ["B", "KiB", "MiB", "GiB", "TiB"] as const;

/** A size in bytes as people read it, in binary units (the limits are set in MiB): "1.5 MiB", "12 B". */
export function formatSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
