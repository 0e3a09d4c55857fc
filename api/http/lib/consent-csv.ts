import { CONSENT_COLUMNS, type ConsentRecord } from "../../store/mail-admin";

export { CONSENT_COLUMNS };

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A cell
 * a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage
 * return before one) gets a leading apostrophe, so opening the file runs nothing.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

const yesNo = (value: number) => (Number(value) === 1 ? "yes" : "no");

export function consentLine(record: ConsentRecord): string {
  return csvLine([
    record.email,
    yesNo(record.news),
    yesNo(record.events),
    record.frequency,
    record.consent_version,
    record.consent_text,
    record.created_at,
    record.confirmed_at ?? "",
  ]);
}
