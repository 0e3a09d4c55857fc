import type { ReactNode } from "react";
import { Pager } from "../../Pager";
import { AdminTable } from "../AdminTable";

interface Props {
  list: { items: readonly unknown[]; page: number; pages: number };
  /** What an empty list (or page) says instead of a table. */
  empty: string;
  caption: string;
  columns: readonly string[];
  actions?: boolean;
  /** What the list holds, for the pager's name: "messages", "subscribers". */
  noun: string;
  /** The address of one of the list's pages, keeping the screen's other choices. */
  hrefOf: (page: number) => string;
  /** The rows. */
  children: ReactNode;
}

/** One of the Mail screen's two lists: its table (or what an empty one says) and its pager. */
export function MailList({ list, empty, caption, columns, actions, noun, hrefOf, children }: Props) {
  return (
    <>
      {list.items.length === 0 ? (
        <p className="empty-text">{empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <AdminTable caption={caption} columns={columns} actions={actions}>
            {children}
          </AdminTable>
        </div>
      )}
      <Pager page={list.page} pages={list.pages} noun={noun} hrefOf={hrefOf} />
    </>
  );
}
