import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { adminLayoutData } from "~/lib/admin/layout.server";

/**
 * Every /admin page, with the notice the last admin action left (only the admin area
 * raises those; the toast area itself is the root's).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return adminLayoutData(request);
}

export default function AdminLayout() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminNotification notice={notice} />
      <Outlet />
    </>
  );
}
