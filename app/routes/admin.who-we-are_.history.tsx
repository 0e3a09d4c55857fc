import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { historyLinks, historyMeta } from "~/components/admin/history/history-route";
import { HistoryScreen } from "~/components/admin/history/HistoryScreen";
import { RouteErrorBoundary } from "~/components/RouteError";
import { historyAction, historyScreenData } from "~/lib/admin/history/history.server";
import { WHO_WE_ARE_HISTORY } from "~/lib/admin/history/subjects";
import { forgetContactEmail } from "~/lib/document/contact-email.server";

export const links = historyLinks;
export const meta: MetaFunction = () => historyMeta("Who We Are");

/** The Who We Are text's History (docs/product.md, 'History'), for Editors and Administrators. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return historyScreenData(request, context, WHO_WE_ARE_HISTORY);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const response = await historyAction(request, context, WHO_WE_ARE_HISTORY);
  // The footer shows this page's contact e-mail: a restore may have changed it.
  forgetContactEmail();
  return response;
}

export default HistoryScreen;
export const ErrorBoundary = RouteErrorBoundary;
