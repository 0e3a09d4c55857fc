import { Link } from "@remix-run/react";
import type { Role } from "../../../../common/roles";

/** Beside 'Signed in as …' on the dashboard: the committee's own screens (docs/product.md, 'The committee'). */
export function CommitteeLinks({ role }: { role: Role }) {
  return (
    <nav className="committee-links" aria-label="Committee">
      <ul>
        {role === "administrator" ? (
          <li>
            <Link to="/admin/committee">Committee</Link>
          </li>
        ) : null}
        <li>
          <Link to="/admin/account">Your account</Link>
        </li>
        <li>
          <Link to="/admin/activity">Recent changes</Link>
        </li>
      </ul>
    </nav>
  );
}
