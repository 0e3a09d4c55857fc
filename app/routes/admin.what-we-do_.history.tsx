import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { historyLinks, historyMeta } from "~/components/admin/history/history-route";
import { HistoryScreen } from "~/components/admin/history/HistoryScreen";
import { RouteErrorBoundary } from "~/components/RouteError";
import { historyAction, historyScreenData } from "~/lib/admin/history/history.server";
import { WHAT_WE_DO_HISTORY } from "~/lib/admin/history/subjects";

export const links = historyLinks;
export const meta: MetaFunction = () => historyMeta("What We Do");

/** The What We Do text's History (docs/product.md, 'History'), for Editors and Administrators. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return historyScreenData(request, context, WHAT_WE_DO_HISTORY);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return historyAction(request, context, WHAT_WE_DO_HISTORY);
}

export default HistoryScreen;
export const ErrorBoundary = RouteErrorBoundary;
