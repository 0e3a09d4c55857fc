import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminLinks } from "~/components/admin/AdminPage";
import { HistoryScreen } from "~/components/admin/history/HistoryScreen";
import { RouteErrorBoundary } from "~/components/RouteError";
import { historyAction, historyScreenData } from "~/lib/admin/history/history.server";
import { WHAT_WE_DO_HISTORY } from "~/lib/admin/history/subjects";
import historyStyles from "~/styles/admin-history.css";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: historyStyles }];
export const meta: MetaFunction = () => [{ title: "History: What We Do" }, { name: "robots", content: "noindex" }];

/** The What We Do text's History (docs/product.md, 'History'), for Editors and Administrators. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return historyScreenData(request, context, WHAT_WE_DO_HISTORY);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return historyAction(request, context, WHAT_WE_DO_HISTORY);
}

export default HistoryScreen;
export const ErrorBoundary = RouteErrorBoundary;
