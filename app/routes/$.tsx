import type { MetaFunction } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteError";
import { NOT_FOUND_META } from "~/lib/public/meta";
import { notFound } from "~/lib/public/loaders.server";

/**
 * Any path no other route claims. The loader answers 404 for GET and HEAD (an action
 * does the same for other methods), and the error boundary says so in the site's layout.
 */
export const loader = notFound;
export const action = notFound;

export const meta: MetaFunction = () => NOT_FOUND_META;

export const ErrorBoundary = RouteErrorBoundary;

export default function NotFound() {
  return null;
}
