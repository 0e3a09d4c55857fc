/** A row a unique index refused: the table and the columns it guards, as the store named them. */
export interface UniqueViolation {
  table: string | null;
  columns: string[];
}

/**
 * Whether a store error is a unique index refusing a second equal value, and on what.
 * SQLite says SQLITE_CONSTRAINT_UNIQUE, naming "table.column" in its message; PostgreSQL
 * says SQLSTATE 23505 (unique_violation), with the table in `table` and the columns in
 * `detail` ("Key (username_key)=(…) already exists."). Null for any other error.
 */
export function uniqueViolationOf(err: unknown): UniqueViolation | null {
  for (let cause: unknown = err; cause instanceof Error; cause = cause.cause) {
    const { code, table, detail } = cause as { code?: unknown; table?: unknown; detail?: unknown };
    if (code === "SQLITE_CONSTRAINT_UNIQUE") {
      const named = /UNIQUE constraint failed: (.+)$/.exec(cause.message)?.[1] ?? "";
      const qualified = named.split(", ").map((column) => column.split("."));
      return {
        table: qualified[0]?.length === 2 ? qualified[0][0] : null,
        columns: qualified.map((parts) => parts.at(-1) ?? "").filter(Boolean),
      };
    }
    if (code === "23505") {
      const key = typeof detail === "string" ? (/^Key \(([^)]*)\)=/.exec(detail)?.[1] ?? "") : "";
      return { table: typeof table === "string" ? table : null, columns: key ? key.split(", ") : [] };
    }
  }
  return null;
}

/** Whether a store error is the unique index on `table.column` refusing a row. */
export function isUniqueViolationOn(err: unknown, table: string, column: string): boolean {
  const violation = uniqueViolationOf(err);
  return violation !== null && violation.table === table && violation.columns.includes(column);
}
