import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { adminLayoutData } from "~/lib/admin/layout.server";
import type { loader as rootLoader } from "~/root";
import frameStyles from "~/styles/admin-frame.css";

/** The admin header's sheet, on every /admin page, signed in or not. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: frameStyles }];

/**
 * Every /admin page, with the notice the last admin action left (only the admin area
 * raises those; the toast area itself is the root's) and, once someone is signed in,
 * the admin header in place of the public one.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return adminLayoutData(request, context);
}

export default function AdminLayout() {
  const { notice, frame } = useLoaderData<typeof loader>();
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? "";
  return (
    <>
      {frame ? <AdminHeader siteName={siteName} frame={frame} /> : null}
      <AdminNotification notice={notice} />
      <Outlet />
    </>
  );
}
