import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/lib/admin.server";
import { answerUpload } from "~/lib/uploads.server";

/** The event and gallery image upload the browser makes as soon as a file is chosen. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request, context);
  return answerUpload(request, context, token, "image");
}
