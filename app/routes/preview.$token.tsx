import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EventItemView } from "~/components/public/EventItemView";
import { NewsItemView } from "~/components/public/NewsItemView";
import { RouteErrorBoundary } from "~/components/RouteError";
import { loaderMeta } from "~/lib/public/meta";
import { PREVIEW_PAGE_HEADERS, previewPageData } from "~/lib/public/preview.server";
import previewStyles from "~/styles/preview.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: previewStyles }];
export const headers: HeadersFunction = () => PREVIEW_PAGE_HEADERS;

/**
 * /preview/{token}, a preview link (docs/product.md, 'Preview'): the news item or event
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
      {preview.type === "news" ? (
        <NewsItemView item={preview.item} origin={site.origin} />
      ) : (
        <EventItemView event={preview.event} origin={site.origin} />
      )}
    </>
  );
}
