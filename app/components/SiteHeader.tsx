import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import logo from "~/assets/logo.svg";

const LINKS = [
  { to: "/news", label: "News" },
  { to: "/events", label: "Events" },
  { to: "/gallery", label: "Gallery" },
  { to: "/who-we-are", label: "Who We Are" },
  { to: "/what-we-do", label: "What We Do" },
  { to: "/search", label: "Search" },
] as const;

/**
 * The shared navigation bar. On small screens the links fold into a menu that the
 * toggle opens; without JavaScript the toggle is hidden (CSS, `.js` on <html>) and
 * the links simply wrap, so every one stays reachable. The toggle works from the
 * first paint: the head's early script (early-script.server.ts) opens and closes it,
 * so React renders it closed and never sets it again.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  const { pathname } = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  const shownOn = useRef(pathname);

  // The menu belongs to the page it was opened on: following a link closes it.
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    if (toggle.current?.getAttribute("aria-expanded") === "true") toggle.current.click();
  }, [pathname]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo" aria-label={`${siteName} home`}>
          <img src={logo} alt="" width="40" height="40" />
          <span className="site-logo__name">{siteName}</span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded="false"
          aria-controls="site-nav"
          aria-label="Open menu"
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
        </button>
        <nav id="site-nav" className="site-nav" data-open="false" aria-label="Main">
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
