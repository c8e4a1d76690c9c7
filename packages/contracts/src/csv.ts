/**
 * CSV for report exports, shared by the server's export calls and the dashboard. Tracked values (URLs,
 * referrers, UTM values) are untrusted: a text cell that a spreadsheet would read as a formula (it
 * starts with = + - @, a tab, a carriage return or a line feed, or with spaces or other white space
 * before = + - @, which spreadsheets skip) is neutralised with a leading apostrophe, and every cell is
 * quoted as RFC 4180 asks when it holds a comma, a quote or a line break.
 */

const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@])/;

/** One cell: numbers as they are, text neutralised and quoted when needed, null as an empty cell. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, CRLF line ends as RFC 4180 gives them. */
export function csvText(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** What an export shows when there is nothing to export (spec 02 §8). */
export const NO_CONTENT_MESSAGE = 'No content';

/** A report file name from the date and time of the export and a report suffix (spec 02 §9). */
export function exportFileName(now: Date, suffix: string): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${stamp}-${suffix}.csv`;
}
