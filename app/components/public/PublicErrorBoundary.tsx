import { useRouteError } from "@remix-run/react";
import { ErrorPanel } from "~/root";

/** A public page that failed (upstream down, unknown address) shows the friendly panel inside the site's layout. */
export function PublicErrorBoundary() {
  return <ErrorPanel error={useRouteError()} />;
}
