import { isRouteErrorResponse, type MetaDescriptor, type MetaFunction } from "@remix-run/react";

/** The title and tags of the not-found screen, wherever it is shown. */
export const NOT_FOUND_META: MetaDescriptor[] = [
  { title: "404 Page Not Found" },
  { name: "description", content: "There is no page at this address." },
  { name: "robots", content: "noindex" },
];

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
