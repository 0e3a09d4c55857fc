import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminUpstream } from "~/lib/admin/client.server";
import { requireAdministrator } from "~/lib/admin/committee/committee-actions.server";

/**
 * The consent records as CSV, linked from the Mail screen (docs/product.md, 'E-mail'). The
 * browser holds a session cookie, not the /api's token, so the file comes through here,
 * passed on as the /api streams it: never held whole in memory.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  // An Editor gets the same 403 as on the screen, not the /api's refusal as a fault.
  await requireAdministrator(admin);
  const upstream = await admin.send("/api/admin/subscribers.csv");
  return new Response(upstream.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
