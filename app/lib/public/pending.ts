import { useLocation, useNavigation } from "@remix-run/react";

/**
 * The public page the browser is loading, when it is a different page from this one
 * (a client-side navigation). Null on a first load and while a dialog opens on the
 * same page, so neither ever shows a placeholder.
 */
export function usePendingPath(): string | null {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  const target = navigation.location.pathname;
  return target === location.pathname ? null : target;
}
