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

const DASHBOARD_BACK = { to: "/admin/dashboard", label: "Dashboard" };

interface Props {
  title: string;
  /** Buttons or links beside the title (Add…, Logout). */
  actions?: ReactNode;
  /**
   * The one way back above the title: the dashboard by default, the screen this one
   * belongs to when given (e.g. Manage Gallery), or none (the dashboard itself).
   */
  backLink?: boolean | { to: string; label: string };
  children: ReactNode;
}

/**
 * The frame of every admin screen (below the admin header): one 'Back to …' link, the page's one h1,
 * and its actions. Usage: `<AdminPage title="Manage News" actions={…}>…</AdminPage>`.
 */
export function AdminPage({ title, actions, backLink = true, children }: Props) {
  const back = backLink === true ? DASHBOARD_BACK : backLink || null;
  return (
    <section className="admin-page">
      {back ? (
        <Link to={back.to} className="admin-page__back">
          <span aria-hidden="true">← </span>Back to {back.label}
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
