import { Link } from "@remix-run/react";

interface Props {
  page: number;
  pages: number;
  /** What the list holds, for the links' names: "messages", "subscribers". */
  noun: string;
  /** The address of one of the list's pages, keeping the screen's other choices. */
  hrefOf: (page: number) => string;
}

/**
 * The house's pager (components/Pager.tsx) for a screen with two lists: each page's
 * address keeps the other list's page, the filter and the search.
 */
export function MailPager({ page, pages, noun, hrefOf }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={`More ${noun}`}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className="button button--secondary">
          <span aria-hidden="true">← </span>Previous page
        </Link>
      ) : null}
      <p className="pager__position">{`Page ${page} of ${pages}`}</p>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next" className="button button--secondary">
          Next page<span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  );
}
