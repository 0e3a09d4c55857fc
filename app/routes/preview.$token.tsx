import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import * as drawnOnServer from "~/components/public/preview-views.server";
import { RouteErrorBoundary } from "~/components/RouteError";
import { loaderMeta } from "~/lib/public/meta";
import { PREVIEW_PAGE_HEADERS, previewPageData } from "~/lib/public/preview.server";
import previewStyles from "~/styles/preview.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: previewStyles }];
export const headers: HeadersFunction = () => PREVIEW_PAGE_HEADERS;

/*
 * The same views as /news/{id} and /events/{id}. In the server's HTML they are drawn in
 * full (drawnOnServer); in the browser only the one shown is fetched, once the page is
 * up, and hydrates the HTML already there: a page that draws either kind would otherwise
 * carry both kinds' code, past the public pages' JavaScript budget (docs/architecture.md, 'Budgets').
 */
const NewsItemView =
  (drawnOnServer as Partial<typeof drawnOnServer>).NewsItemView ??
  lazy(() => import("~/components/public/NewsItemView").then((module) => ({ default: module.NewsItemView })));
const EventItemView =
  (drawnOnServer as Partial<typeof drawnOnServer>).EventItemView ??
  lazy(() => import("~/components/public/EventItemView").then((module) => ({ default: module.EventItemView })));

/**
 * /preview/{token}, a preview link (docs/product.md, 'Preview links'): the news item or event
 * exactly as its public page will show it, drawn by the same components, under a banner
 * that says it is not published. It works without signing in, until the link dies.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  return previewPageData(context, params.token);
}

export const meta = loaderMeta("Preview");
export const ErrorBoundary = RouteErrorBoundary;

export default function PreviewPage() {
  const { site, preview } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="preview-banner" role="status">
        Preview — not published
      </p>
      <Suspense fallback={null}>
        {preview.type === "news" ? (
          <NewsItemView item={preview.item} origin={site.origin} />
        ) : (
          <EventItemView event={preview.event} origin={site.origin} />
        )}
      </Suspense>
    </>
  );
}
