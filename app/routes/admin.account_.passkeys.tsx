import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { adminUpstream } from "~/lib/admin/client.server";
import { readIntent } from "~/lib/admin/forms/intent.server";
import { browserAnswer, ceremonyFailure, ceremonySchema, forScript } from "~/lib/admin/account/passkeys.server";
import { PROOF_LABELS, proofOf } from "~/lib/admin/account/proof.server";
import { redirectWithNotice } from "~/lib/security/session.server";
import { screenLoader } from "~/lib/admin/resource-route.server";

/** Opened by hand: the passkeys are listed on the account screen. */
export const loader = screenLoader("/admin/account");

/**
 * Adding a passkey on /admin/account, for the page's script (committee/AddPasskey.tsx):
 * 'options' asks the /api for a challenge with the password or a code the person typed
 * (the /api checks it there, before the browser makes anything), 'add' hands it the
 * browser's answer and returns to the account page, whose list then shows the new
 * passkey.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { intent, fields } = await readIntent(request, ["options", "add"] as const);
  if (intent === "options") {
    try {
      const response = await admin.send("/api/admin/passkeys/options", { method: "POST", json: proofOf(fields) });
      return json(ceremonySchema.parse(await response.json()));
    } catch (error) {
      if (error instanceof Response) throw error;
      return ceremonyFailure("Failed to add the passkey", error, "The server could not start it.", PROOF_LABELS);
    }
  }
  try {
    await admin.send("/api/admin/passkeys", {
      method: "POST",
      json: { challengeId: fields.challengeId, response: browserAnswer(fields.response), name: fields.name },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return ceremonyFailure("Failed to add the passkey", error, "The server did not accept it.");
  }
  return forScript(
    await redirectWithNotice(request, "/admin/account", {
      kind: "success",
      title: "Passkey added",
      description: "You can sign in with it on the login screen.",
    }),
  );
}
