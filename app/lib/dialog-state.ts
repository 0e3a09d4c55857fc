import type { ShouldRevalidateFunction } from "@remix-run/react";

/*
 * Dialogs are URL state, on the public pages (?book=ID, ?image=ID) and on the admin lists
 * (?new, ?edit=ID, ?delete=ID), so they open and close without JavaScript too
 * (docs/architecture.md, 'The web app (app/)'). This module is the one both sides read;
 * the public pages load it, so it stays this small.
 */

/**
 * Opening or closing a dialog changes only the query, so the page's data is kept instead
 * of being fetched again; another page of the list (?page=N) is other data, and every
 * submission revalidates, so lists refresh after each change.
 */
export const keepDataForDialogs: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  if (currentUrl.searchParams.get("page") !== nextUrl.searchParams.get("page")) return defaultShouldRevalidate;
  return false;
};

/**
 * The page's address with one dialog parameter set, or without it (to close).
 * `base` may hold a query of its own (?page=2), which is kept.
 */
export function dialogHref(base: string, param: string, value?: string): string {
  if (value === undefined) return base;
  return `${base}${base.includes("?") ? "&" : "?"}${new URLSearchParams({ [param]: value })}`;
}
