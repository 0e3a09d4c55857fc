import { Link } from "@remix-run/react";
import { pageHref, type PageInfo } from "~/lib/paging/pages";

interface Props extends PageInfo {
  pathname: string;
  /** What the list holds, for the links' names: "news", "events". */
  noun: string;
}

/** Previous and next page of a long list; nothing at all when it fits on one page. */
export function Pager({ pathname, page, pages, noun }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={`More ${noun}`}>
      {page > 1 ? (
        <Link to={pageHref(pathname, page - 1)} rel="prev" className="button button--secondary">
          <span aria-hidden="true">← </span>Previous page
        </Link>
      ) : null}
      <p className="pager__position">{`Page ${page} of ${pages}`}</p>
      {page < pages ? (
        <Link to={pageHref(pathname, page + 1)} rel="next" className="button button--secondary">
          Next page<span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  );
}
