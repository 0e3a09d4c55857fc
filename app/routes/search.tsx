import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SEARCH_QUERY_MAX } from "../../common/search";
import { Pager } from "~/components/Pager";
import { RouteErrorBoundary } from "~/components/RouteError";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta } from "~/lib/public/loaders.server";
import { searchPageData } from "~/lib/public/search.server";
import { siteInfo } from "~/lib/site.server";
import searchStyles from "~/styles/search.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: searchStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await searchPageData(request, context);
  const site = siteInfo();
  const meta = [
    ...publicMeta(site, {
      title: data.q ? `Search: ${data.q}` : "Search",
      description: `Search the news, events and photos of ${site.name}.`,
      path: "/search",
    }),
    // Result pages are the site's own pages again: search engines keep those.
    { name: "robots", content: "noindex" },
  ];
  return { ...data, meta };
}

export const meta = loaderMeta("Search");
export const ErrorBoundary = RouteErrorBoundary;

const searchHref = (q: string, page = 1) =>
  `/search?${new URLSearchParams({ q, ...(page > 1 && { page: String(page) }) })}`;

/** Search: a plain GET form, so it works with or without JavaScript. */
export default function Search() {
  const { q, problem, results, total, paging, suggestion } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="page-title">Search</h1>
      <form method="get" action="/search" role="search" className="search-form">
        <label htmlFor="search-q">Search the news, events and photos</label>
        <div className="search-form__row">
          <input id="search-q" type="search" name="q" defaultValue={q} maxLength={SEARCH_QUERY_MAX} required />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      {problem ? <p className="empty-text">{problem}</p> : null}
      {q && !problem && total === 0 ? (
        <div className="search-none">
          <p className="empty-text">{`No results for ‘${q}’.`}</p>
          {suggestion ? (
            <p>
              Did you mean <Link to={searchHref(suggestion)}>{suggestion}</Link>?
            </p>
          ) : null}
        </div>
      ) : null}
      {total > 0 ? (
        <>
          <p className="search-count" role="status">
            {total === 1 ? `1 result for ‘${q}’` : `${total} results for ‘${q}’`}
          </p>
          <ol className="search-results">
            {results.map((result) => (
              <li key={result.key} className="search-result">
                <h2 className="search-result__title">
                  <Link to={result.url}>{result.title}</Link>
                </h2>
                <p className="search-result__meta">
                  {result.label}
                  {result.dateText ? ` · ${result.dateText}` : ""}
                </p>
                <p className="search-result__snippet" dangerouslySetInnerHTML={{ __html: result.snippetHtml }} />
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <Pager noun="results" hrefOf={(page) => searchHref(q, page)} {...paging} />
    </>
  );
}
