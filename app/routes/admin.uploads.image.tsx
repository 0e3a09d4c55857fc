import type { ActionFunctionArgs } from "@remix-run/node";
import { adminCaller } from "~/lib/admin/client.server";
import { answerUpload } from "~/lib/uploads/upload.server";
import { screenLoader } from "~/lib/admin/resource-route.server";

/** Opened by hand: the dashboard, since every image field of events and the gallery posts here. */
export const loader = screenLoader("/admin/dashboard");

/** The event and gallery image upload the browser makes as soon as a file is chosen. */
export async function action({ request, context }: ActionFunctionArgs) {
  return answerUpload(request, context, await adminCaller(request, context), "image");
}
