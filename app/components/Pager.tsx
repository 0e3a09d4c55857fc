import { Link } from "@remix-run/react";
import { pageHref, type PageInfo } from "~/lib/paging/pages";

type Props = PageInfo & {
  /** What the list holds, for the links' names: "news", "events". */
  noun: string;
} & (
    | { pathname: string }
    /** A screen with more than one list: each page's address keeps the other lists' choices. */
    | { hrefOf: (page: number) => string }
  );

/** Previous and next page of a long list; nothing at all when it fits on one page. */
export function Pager(props: Props) {
  const { page, pages, noun } = props;
  if (pages <= 1) return null;
  const href = (to: number) => ("hrefOf" in props ? props.hrefOf(to) : pageHref(props.pathname, to));
  return (
    <nav className="pager" aria-label={`More ${noun}`}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="button button--secondary">
          <span aria-hidden="true">← </span>Previous page
        </Link>
      ) : null}
      <p className="pager__position">{`Page ${page} of ${pages}`}</p>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="button button--secondary">
          Next page<span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  );
}
