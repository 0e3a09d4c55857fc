import type { Context } from "hono";
import type { ApiEnv } from "./context";

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

/** Rows read at once while a CSV is written. */
const CSV_BATCH = 200;

/**
 * A CSV download read and written a batch at a time in id order, so memory stays
 * bounded however many rows there are: `header`, then `line(row)` for each row that
 * `batch(afterId, limit)` reads.
 */
export function csvResponse<Row extends { id: number }>(
  c: Context<ApiEnv>,
  options: {
    filename: string;
    header: readonly string[];
    batch: (afterId: number, limit: number) => Promise<Row[]>;
    line: (row: Row) => string;
  },
): Response {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(options.header)));
        return;
      }
      const rows = await options.batch(after, CSV_BATCH);
      if (rows.length > 0) {
        after = rows[rows.length - 1].id;
        controller.enqueue(encoder.encode(rows.map(options.line).join("")));
      }
      if (rows.length < CSV_BATCH) controller.close();
    },
  });
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${options.filename}"`,
  });
}
