import { Link } from "@remix-run/react";

/** Edit and Delete for one card of an admin list: links that open the URL-state dialogs. */
export function ItemActions({ id, name }: { id: string; name: string }) {
  return (
    <div className="admin-item__actions">
      <Link to={`?edit=${encodeURIComponent(id)}`} className="button button--small button--secondary" preventScrollReset>
        Edit<span className="visually-hidden"> {name}</span>
      </Link>
      <Link to={`?delete=${encodeURIComponent(id)}`} className="button button--small button--danger" preventScrollReset>
        Delete<span className="visually-hidden"> {name}</span>
      </Link>
    </div>
  );
}
