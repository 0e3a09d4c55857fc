import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminLinks } from "~/components/admin/AdminPage";
import { HistoryScreen } from "~/components/admin/history/HistoryScreen";
import { RouteErrorBoundary } from "~/components/RouteError";
import { historyAction, historyScreenData } from "~/lib/admin/history/history.server";
import { newsHistory } from "~/lib/admin/history/subjects";
import { ITEM_ID } from "~/lib/item-id";
import { notFound } from "~/lib/not-found.server";
import historyStyles from "~/styles/admin-history.css";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: historyStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `History: ${data.title}` : "History" },
  { name: "robots", content: "noindex" },
];

function subjectOf(id: string | undefined) {
  if (!id || !ITEM_ID.test(id)) notFound();
  return newsHistory(id);
}

/** A news item's History (docs/product.md, 'History'), for Editors and Administrators. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return historyScreenData(request, context, subjectOf(params.id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return historyAction(request, context, subjectOf(params.id));
}

export default HistoryScreen;
export const ErrorBoundary = RouteErrorBoundary;
