import type { LinksFunction, MetaDescriptor } from "@remix-run/node";
import { adminLinks } from "~/components/admin/AdminPage";
import historyStyles from "~/styles/admin-history.css";

/**
 * What every History route (docs/product.md, 'History') shares besides its screen: the
 * admin's styles with History's own, and a title that is never indexed.
 */
export const historyLinks: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: historyStyles }];

export function historyMeta(title: string | undefined): MetaDescriptor[] {
  return [{ title: title ? `History: ${title}` : "History" }, { name: "robots", content: "noindex" }];
}
