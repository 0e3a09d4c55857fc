import type { MetaDescriptor, MetaFunction } from "@remix-run/react";

/**
 * A public route's meta export: the tags its loader made (meta.server.ts), or, when the
 * loader failed, the page's name said honestly.
 */
export function loaderMeta(pageTitle: string): MetaFunction {
  return ({ data }) => {
    const made = typeof data === "object" && data !== null && "meta" in data ? data.meta : undefined;
    return Array.isArray(made) ? (made as MetaDescriptor[]) : unavailableMeta(pageTitle);
  };
}

function unavailableMeta(pageTitle: string): MetaDescriptor[] {
  return [
    { title: `${pageTitle} is unavailable` },
    { name: "description", content: `${pageTitle} could not be loaded just now. Please try again in a few minutes.` },
    { name: "robots", content: "noindex" },
  ];
}
