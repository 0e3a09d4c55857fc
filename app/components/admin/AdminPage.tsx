import type { LinksFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import adminStyles from "~/styles/admin.css";
import dialogStyles from "~/styles/admin-dialogs.css";

/**
 * Every admin route shares these styles: `export const links = adminLinks;`. The dialogs'
 * sheet comes second, so its rules follow admin.css's as they always have.
 */
export const adminLinks: LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: dialogStyles },
];

interface Props {
  title: string;
  /** Buttons or links beside the title (Add…, Logout). */
  actions?: ReactNode;
  /** The dashboard itself has no way back to itself. */
  backLink?: boolean;
  children: ReactNode;
}

/**
 * The frame of every admin screen: a 'Back to Dashboard' link, the page's one h1,
 * and its actions. Usage: `<AdminPage title="Manage News" actions={…}>…</AdminPage>`.
 */
export function AdminPage({ title, actions, backLink = true, children }: Props) {
  return (
    <section className="admin-page">
      {backLink ? (
        <Link to="/admin/dashboard" className="admin-page__back">
          <span aria-hidden="true">← </span>Back to Dashboard
        </Link>
      ) : null}
      <div className="admin-page__header">
        <h1 className="page-title">{title}</h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
