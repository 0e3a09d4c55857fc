import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { historyLinks, historyMeta } from "~/components/admin/history/history-route";
import { HistoryScreen } from "~/components/admin/history/HistoryScreen";
import { RouteErrorBoundary } from "~/components/RouteError";
import { historyAction, historyScreenData, itemHistorySubject } from "~/lib/admin/history/history.server";
import { newsHistory } from "~/lib/admin/history/subjects";

export const links = historyLinks;
export const meta: MetaFunction<typeof loader> = ({ data }) => historyMeta(data?.title);

/** A news item's History (docs/product.md, 'History'), for Editors and Administrators. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return historyScreenData(request, context, itemHistorySubject(params.id, newsHistory));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return historyAction(request, context, itemHistorySubject(params.id, newsHistory));
}

export default HistoryScreen;
export const ErrorBoundary = RouteErrorBoundary;
