import type { ActionFunctionArgs } from "@remix-run/node";
import { changeSetting, SETTINGS_PATH } from "~/lib/admin/committee/setting-action.server";
import { screenLoader } from "~/lib/admin/resource-route.server";

/** Nothing to show here: the form lives on the committee screen. */
export const loader = screenLoader(SETTINGS_PATH);

/** RequireTwoFactorForm's action: PUT /api/admin/settings (an Administrator's; an Editor is refused). */
export async function action({ request, context }: ActionFunctionArgs) {
  return changeSetting(request, context, (fields) => {
    const requireTwoFactor = fields.requireTwoFactor === "1";
    return {
      path: "/api/admin/settings",
      json: { requireTwoFactor },
      done: requireTwoFactor ? "Two-factor sign-in is now required" : "Two-factor sign-in is now optional",
      failed: "Could not change the setting",
    };
  });
}
