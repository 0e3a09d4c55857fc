import { Link, useSearchParams } from "@remix-run/react";
import { listHref, STATE_FILTERS, stateFilterOf } from "~/lib/admin/publishing/states";

/**
 * The links above Manage News and Manage Events that show every item or those in one state
 * (publishing): a GET parameter, so they work without JavaScript.
 */
export function StateFilter({ listPath, noun }: { listPath: string; noun: string }) {
  const [params] = useSearchParams();
  const current = stateFilterOf(params.get("status")) ?? "";
  return (
    <nav className="state-filter" aria-label={`Show ${noun} by state`}>
      <ul>
        {STATE_FILTERS.map(({ value, label }) => (
          <li key={label}>
            <Link
              to={listHref(listPath, value || null)}
              aria-current={value === current ? "page" : undefined}
              preventScrollReset
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
