import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { AdminFrame } from "~/lib/admin/frame.server";

const CONTENT_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/news", label: "News" },
  { to: "/admin/events", label: "Events" },
  { to: "/admin/gallery", label: "Gallery" },
  { to: "/admin/who-we-are", label: "Who We Are" },
  { to: "/admin/what-we-do", label: "What We Do" },
] as const;

const DASHBOARD = "/admin/dashboard";

/** The school's term dates (docs/product.md, 'Term dates'), beside Events, whose term-time repeats read them. */
const TERM_DATES = { to: "/admin/terms", label: "Term dates" } as const;

/**
 * The content screens, and Term dates after Events for Editors and Administrators: an
 * upstream that knows no committee (no role) knows no term dates either.
 */
function contentLinks(frame: AdminFrame): ReadonlyArray<{ to: string; label: string }> {
  if (!frame.role) return CONTENT_LINKS;
  const afterEvents = CONTENT_LINKS.findIndex((link) => link.to === "/admin/events") + 1;
  return [...CONTENT_LINKS.slice(0, afterEvents), TERM_DATES, ...CONTENT_LINKS.slice(afterEvents)];
}

interface Props {
  siteName: string;
  frame: AdminFrame;
}

/**
 * The admin area's own header (in place of the public one, which admin-frame.css hides
 * while this is on the page): the club's name back to the public site, the content
 * screens, then the person's own links. Wide screens show the links in a row; phones fold
 * them into a <details> disclosure, which opens and closes without JavaScript. With it,
 * following a link closes the menu.
 */
export function AdminHeader({ siteName, frame }: Props) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  // The dashboard has the product's own Logout button: one per screen.
  const links = <AdminLinks frame={frame} logout={pathname !== DASHBOARD} />;
  return (
    <div className="admin-frame">
      <div className="admin-frame__inner">
        <Link to="/" className="admin-frame__site">
          {siteName}
          <span className="visually-hidden"> (the public site)</span>
        </Link>
        <nav className="admin-nav admin-nav--wide" aria-label="Admin">
          {links}
        </nav>
        <details ref={menu} className="admin-menu">
          <summary className="admin-menu__toggle">Menu</summary>
          <nav className="admin-nav admin-nav--menu" aria-label="Admin menu">
            {links}
          </nav>
        </details>
      </div>
    </div>
  );
}

function AdminLinks({ frame, logout }: { frame: AdminFrame; logout: boolean }) {
  return (
    <>
      <ul className="admin-nav__content">
        {contentLinks(frame).map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === DASHBOARD} prefetch="intent">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <ul className="admin-nav__person">
        {frame.role === "administrator" ? (
          <>
            <li>
              <NavLink to="/admin/committee">Committee</NavLink>
            </li>
            <li>
              <NavLink to="/admin/mail">Mail</NavLink>
            </li>
          </>
        ) : null}
        {frame.role ? (
          <>
            <li>
              <NavLink to="/admin/activity">Recent changes</NavLink>
            </li>
            <li>
              <NavLink to="/admin/account">
                Your account <span className="admin-nav__who">({frame.name})</span>
              </NavLink>
            </li>
          </>
        ) : null}
        {logout ? (
          <li>
            <Form method="post" action="/admin/logout" className="admin-nav__logout">
              <button type="submit">Logout</button>
            </Form>
          </li>
        ) : null}
      </ul>
    </>
  );
}
