import { Link, NavLink, useLocation } from "@remix-run/react";
import { useState } from "react";
import logo from "~/assets/logo.svg";

const LINKS = [
  { to: "/news", label: "News" },
  { to: "/events", label: "Events" },
  { to: "/gallery", label: "Gallery" },
  { to: "/who-we-are", label: "Who We Are" },
  { to: "/what-we-do", label: "What We Do" },
] as const;

/**
 * The shared navigation bar. On small screens the links fold into a menu that the
 * toggle opens; without JavaScript the toggle is hidden (CSS, `.js` on <html>) and
 * the links simply wrap, so every one stays reachable.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  // The menu belongs to the page it was opened on: following a link closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo" aria-label={`${siteName} home`}>
          <img src={logo} alt="" width="40" height="40" />
          <span className="site-logo__name">{siteName}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">{open ? "Close menu" : "Open menu"}</span>
        </button>
        <nav id="site-nav" className="site-nav" data-open={open} aria-label="Main">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
