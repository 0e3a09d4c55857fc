import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsCard } from "~/components/public/NewsCard";
import { Pager } from "~/components/Pager";
import { RouteErrorBoundary } from "~/components/RouteError";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta, newsPageData } from "~/lib/public/loaders.server";
import { pageHref } from "~/lib/paging/pages";
import { newsPagePath } from "~/lib/paths/site";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await newsPageData(request, context);
  const meta = publicMeta(data.site, {
    title: "Latest News",
    description:
      data.news[0]?.shareText ?? `The latest news from ${data.site.name}: events, achievements and club updates.`,
    path: pageHref("/news", data.paging.page),
    image: data.news.find((item) => item.imageUrl)?.imageUrl,
  });
  return { ...data, meta };
}

export const meta = loaderMeta("Latest News");

export const ErrorBoundary = RouteErrorBoundary;

export default function News() {
  const { site, news, paging, mailUpdates } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="page-title">Latest News</h1>
      <p className="calendar-links">
        {mailUpdates ? <a href="/subscribe">Get news and events by e-mail</a> : null}
        <a href="/search">Search the site</a>
      </p>
      {news.length === 0 ? <p className="empty-text">No news yet.</p> : null}
      <div className="news-list">
        {news.map((item) => (
          <NewsCard
            key={item.id}
            item={item}
            shareUrl={`${site.origin}/news#news-${item.id}`}
            titleHref={newsPagePath(item.id)}
          />
        ))}
      </div>
      <Pager pathname="/news" noun="news" {...paging} />
    </>
  );
}
