import type { ReactNode } from "react";

interface Props {
  /** Read by screen readers only: what the table lists. */
  caption: string;
  /** The column headings, left to right. */
  columns: readonly string[];
  /**
   * A last column of buttons: its heading is read by screen readers only, since the
   * buttons say what they do.
   */
  actions?: boolean;
  /** The rows. */
  children: ReactNode;
}

/**
 * The admin's tables (committee, sessions, passkeys, recent changes, gallery): one
 * caption, a heading per column, and the rows given as children.
 */
export function AdminTable({ caption, columns, actions = false, children }: Props) {
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {actions ? (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
