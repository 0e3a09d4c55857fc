import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { autosaveOffer, keepAutosave } from "~/lib/admin/history/autosave.server";

/**
 * The news editor's autosave, for its script only (docs/product.md, 'No edit lost'):
 * GET asks for the signed-in person's waiting autosave, POST keeps a new one.
 * Opened by hand, it goes to Manage News.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return autosaveOffer(request, context, params.id);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return keepAutosave(request, context, params.id);
}
