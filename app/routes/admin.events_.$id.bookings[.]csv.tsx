import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminUpstream } from "~/lib/admin/client.server";
import { ITEM_ID } from "~/lib/item-id";
import { notFound } from "~/lib/not-found.server";
import { UpstreamError } from "~/lib/upstream/client.server";

/**
 * An event's door list as CSV, linked from its bookings screen (docs/product.md,
 * 'Bookings'). The browser holds a session cookie, not the /api's token, so the file
 * comes through here, passed on as the /api streams it: never held whole in memory.
 * Names and children's names: never kept by a cache, never indexed.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const id = params.id ?? "";
  if (!ITEM_ID.test(id)) notFound();
  const upstream = await admin
    .send(`/api/admin/events/${encodeURIComponent(id)}/bookings.csv`)
    .catch((error: unknown) => {
      // An event that is not there, or not booked on this site.
      if (error instanceof UpstreamError && error.status === 404) notFound();
      throw error;
    });
  return new Response(upstream.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${id}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
