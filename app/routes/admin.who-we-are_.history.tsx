import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminLinks } from "~/components/admin/AdminPage";
import { HistoryScreen } from "~/components/admin/history/HistoryScreen";
import { RouteErrorBoundary } from "~/components/RouteError";
import { historyAction, historyScreenData } from "~/lib/admin/history/history.server";
import { WHO_WE_ARE_HISTORY } from "~/lib/admin/history/subjects";
import { forgetContactEmail } from "~/lib/document/contact-email.server";
import historyStyles from "~/styles/admin-history.css";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: historyStyles }];
export const meta: MetaFunction = () => [{ title: "History: Who We Are" }, { name: "robots", content: "noindex" }];

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
