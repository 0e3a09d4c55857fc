import type { ReactNode } from "react";

/**
 * An admin list's loading text (docs/product.md, 'Screens and routes') while the list is fetched again after a
 * change; the list itself stays in view, marked busy.
 */
export function ListLoading({ active, children }: { active: boolean; children: ReactNode }) {
  return active ? (
    <p role="status" className="admin-loading">
      {children}
    </p>
  ) : null;
}
