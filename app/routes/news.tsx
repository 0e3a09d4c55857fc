import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { NewsCard } from "~/components/public/NewsCard";
import { Pager } from "~/components/public/Pager";
import { RouteErrorBoundary } from "~/components/RouteError";
import { PublicPage } from "~/components/public/Placeholders";
import { publicMeta, unavailableMeta } from "~/lib/public/meta";
import { pageHref } from "~/lib/public/pagination";
import { newsPageData } from "~/lib/public/pages.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await newsPageData(request, context));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return unavailableMeta("Latest News");
  return publicMeta(data.site, {
    title: "Latest News",
    description:
      data.news[0]?.shareText ?? `The latest news from ${data.site.name}: events, achievements and club updates.`,
    path: pageHref("/news", data.paging.page),
    image: data.news.find((item) => item.imageUrl)?.imageUrl,
  });
};

export const ErrorBoundary = RouteErrorBoundary;

export default function News() {
  const { site, news, paging } = useLoaderData<typeof loader>();
  return (
    <PublicPage>
      <h1 className="page-title">Latest News</h1>
      {news.length === 0 ? <p className="empty-text">No news yet.</p> : null}
      <div className="news-list">
        {news.map((item) => (
          <NewsCard key={item.id} item={item} shareUrl={`${site.origin}/news#news-${item.id}`} />
        ))}
      </div>
      <Pager pathname="/news" noun="news" {...paging} />
    </PublicPage>
  );
}
