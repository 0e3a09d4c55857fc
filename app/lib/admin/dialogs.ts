import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { pageNumberOf } from "../page-number";
import { pageHref } from "../pagination";

/**
 * The create/edit/delete dialogs of the admin lists are URL state (?new, ?edit=ID,
 * ?delete=ID; docs/architecture.md, 'The web app (app/)'). These helpers read it and keep it cheap.
 */
export type DialogState =
  { kind: "new" } | { kind: "edit"; id: string } | { kind: "delete"; id: string } | { kind: "none" };

const DIALOG_PARAMS = ["new", "edit", "delete"];

export function useDialogState(): DialogState {
  const [params] = useSearchParams();
  const edit = params.get("edit");
  const remove = params.get("delete");
  if (params.has("new")) return { kind: "new" };
  if (edit) return { kind: "edit", id: edit };
  if (remove) return { kind: "delete", id: remove };
  return { kind: "none" };
}

/**
 * The address of the list page on screen (its ?page=N kept, its dialog dropped): what a
 * dialog opens on and closes back to, so the list behind it stays where it was.
 */
export function useListPage(): string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return pageHref(pathname, pageNumberOf(params.get("page")));
}

/** The list page's address with one dialog open on it. */
export function dialogOn(listPage: string, kind: "edit" | "delete", id: string): string {
  return `${listPage}${listPage.includes("?") ? "&" : "?"}${kind}=${encodeURIComponent(id)}`;
}

function withoutDialogParams(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  return `${url.pathname}?${params.toString()}`;
}

/**
 * Opening or closing a dialog needs no new data: the page of the list holds its items.
 * Submissions (and everything else) revalidate as usual, so lists refresh after each mutation.
 */
export const skipDialogOnlyRevalidation: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod) return defaultShouldRevalidate;
  if (withoutDialogParams(currentUrl) === withoutDialogParams(nextUrl)) return false;
  return defaultShouldRevalidate;
};

/** True while this list page's data is being fetched again during a client-side navigation. */
export function useListReloading(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}

/**
 * What the administrator typed into this form before its save failed (the action's
 * `values`), so the form shows it again; null when the failure was another form's.
 */
export function typedValues<K extends string>(
  values: Record<string, string> | undefined,
  form: { intent: string; id?: string },
  keys: readonly K[],
): Record<K, string> | null {
  if (!values || values.intent !== form.intent) return null;
  if (form.id !== undefined && values.id !== form.id) return null;
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? ""])) as Record<K, string>;
}
