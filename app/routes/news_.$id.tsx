import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsItemView } from "~/components/public/NewsItemView";
import { RouteErrorBoundary } from "~/components/RouteError";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta, newsItemPageData } from "~/lib/public/loaders.server";
import { newsPagePath } from "~/lib/paths/site";

/**
 * One news item's own page (/news/{id}), for link previews, search engines and direct
 * links. Sharing still shares /news#news-{id}.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const { structuredData, ...data } = await newsItemPageData(context, params.id);
  const { site, item } = data;
  const meta = publicMeta(site, {
    title: item.title,
    description: item.shareText || `News from ${site.name}.`,
    path: newsPagePath(item.id),
    image: item.imageUrl,
    type: "article",
    structuredData,
  });
  return { ...data, meta };
}

export const meta = loaderMeta("News item");

export const ErrorBoundary = RouteErrorBoundary;

export default function NewsItemPage() {
  const { site, item } = useLoaderData<typeof loader>();
  return <NewsItemView item={item} origin={site.origin} />;
}
