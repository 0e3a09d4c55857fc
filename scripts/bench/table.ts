import { BUDGET, missed, TRIES, type Figures } from "./measure";

/** Prints the scale figures of data sets side by side, one block of columns each. */

export interface DataSet {
  name: string;
  figures: Map<string, Figures>;
}

const pad = (text: string, width: number) => text.padStart(width);
const number = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "—");

export function size(bytes: number): string {
  if (!Number.isFinite(bytes)) return "—";
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const COLUMNS: Array<[string, number, (f: Figures) => string]> = [
  ["status", 7, (f) => f.status],
  ["miss ms", 8, (f) => number(f.missMs)],
  ["hit ms", 7, (f) => number(f.hitMs)],
  ["stall ms", 9, (f) => number(f.stallMs)],
  ["size", 9, (f) => size(f.bytes)],
  ["peak+ MB", 9, (f) => number(f.peakIncreaseMb, 1)],
  ["", 7, (f) => (missed(f) ? "MISSED" : "ok")],
];
const LABEL_WIDTH = 24;
const BLOCK_WIDTH = COLUMNS.reduce((sum, [, width]) => sum + width + 1, 0);

export function printSideBySide(title: string, sets: DataSet[]): void {
  console.log(`\n${title}`);
  console.log(
    `(one request at a time, median of ${TRIES}; MISSED: miss > ${BUDGET.ms} ms, stall > ${BUDGET.stallMs} ms ` +
      `or peak RSS +${BUDGET.peakIncreaseMb} MB; "hit" is the request right after the miss;` +
      ` the unpaged /api lists by their stall and memory only)`,
  );
  const separator = " |";
  console.log("".padEnd(LABEL_WIDTH) + sets.map((s) => `${separator} ${s.name}`.padEnd(BLOCK_WIDTH + 2)).join(""));
  console.log(
    "address".padEnd(LABEL_WIDTH) +
      sets.map(() => separator + COLUMNS.map(([head, width]) => pad(head, width)).join(" ")).join(""),
  );
  // In the order of the set with the most rows (a sitemap index adds a child row to
  // some sets only), then any others.
  const longest = [...sets].sort((a, b) => b.figures.size - a.figures.size)[0];
  const labels = [...new Set([longest, ...sets].flatMap((s) => [...s.figures.keys()]))];
  for (const label of labels) {
    const cells = sets.map((s) => {
      const f = s.figures.get(label);
      return separator + COLUMNS.map(([, width, cell]) => pad(f ? cell(f) : "", width)).join(" ");
    });
    console.log(label.padEnd(LABEL_WIDTH) + cells.join(""));
  }
  // What the placeholders stood for on each data set.
  for (const s of sets) {
    const resolved = [...s.figures]
      .filter(([label, f]) => label !== f.path)
      .map(([label, f]) => `${label} = ${f.path}`);
    if (resolved.length > 0) console.log(`  ${s.name}: ${resolved.join(", ")}`);
  }
}
