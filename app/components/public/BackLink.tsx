import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** An item page's way back to its list, e.g. "← All events". */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="back-link">
      <Link to={to}>
        <span aria-hidden="true">← </span>
        {children}
      </Link>
    </p>
  );
}
