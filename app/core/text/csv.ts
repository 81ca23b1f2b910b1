/**
 * CSV for spreadsheets (RFC 4180): fields with commas, quotes or line breaks are quoted, and a
 * value a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with ' (OWASP advice).
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
