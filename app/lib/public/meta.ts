import { isRouteErrorResponse, type MetaDescriptor, type MetaFunction } from "@remix-run/react";
import { NOT_FOUND_META } from "~/components/RouteError";

/**
 * A public route's meta export: the tags its loader made (meta.server.ts), or, when the
 * loader failed, the page's name said honestly (or not found, for an unknown item).
 */
export function loaderMeta(pageTitle: string): MetaFunction {
  return ({ data, error }) => {
    const made = typeof data === "object" && data !== null && "meta" in data ? data.meta : undefined;
    if (Array.isArray(made)) return made as MetaDescriptor[];
    return isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_META : unavailableMeta(pageTitle);
  };
}

function unavailableMeta(pageTitle: string): MetaDescriptor[] {
  return [
    { title: `${pageTitle} is unavailable` },
    { name: "description", content: `${pageTitle} could not be loaded just now. Please try again in a few minutes.` },
    { name: "robots", content: "noindex" },
  ];
}
