import type { MetaFunction } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteError";

/**
 * Any path no other route claims. The loader answers 404 for GET and HEAD (an action
 * does the same for other methods), and the error boundary says so in the site's layout.
 */
function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export const loader = notFound;
export const action = notFound;

export const meta: MetaFunction = () => [
  { title: "404 Page Not Found" },
  { name: "description", content: "There is no page at this address." },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;

export default function NotFound() {
  return null;
}
