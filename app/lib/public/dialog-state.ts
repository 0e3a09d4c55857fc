import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Opening or closing a URL-state dialog (?book=ID, ?image=ID) changes only the
 * query, so the page's data is kept instead of being fetched again.
 */
export const keepDataForDialogs: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return false;
};

/** The page's address with one dialog parameter set, or without it (to close). */
export function dialogHref(pathname: string, param: string, value?: string): string {
  return value === undefined ? pathname : `${pathname}?${new URLSearchParams({ [param]: value })}`;
}
