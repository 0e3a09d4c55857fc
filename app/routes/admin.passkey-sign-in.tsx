import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { readIntent } from "~/lib/admin/forms/intent.server";
import { browserAnswer, ceremonyFailure, ceremonySchema, forScript } from "~/lib/admin/account/passkeys.server";
import { loginResponseSchema } from "~/lib/upstream/answers.server";
import { ownOrigins } from "~/lib/security/origin.server";
import { isCrossSiteRequest } from "~/lib/security/headers.server";
import { redirectWithNotice } from "~/lib/security/session.server";
import { upstreamFetch } from "~/lib/upstream/client.server";
import { screenLoader } from "~/lib/admin/resource-route.server";

/** Opened by hand: the login screen, where 'Sign in with a passkey' is. */
export const loader = screenLoader("/admin");

/** docs/product.md, 'The error catalogue': the server's words when it sent some, else these. */
const FALLBACK_MESSAGE = "Authentication failed";

/**
 * Signing in with a passkey on /admin, for the page's script (PasskeySignIn.tsx):
 * 'options' asks the /api for a challenge, 'sign-in' hands it the browser's answer and,
 * when the /api signs the person in, keeps the token in the session exactly as the
 * password login does and goes to the dashboard.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (isCrossSiteRequest(request, ownOrigins(request))) {
    throw json({ message: "Cross-site request refused" }, { status: 403 });
  }
  const { intent, fields } = await readIntent(request, ["options", "sign-in"] as const);
  let token: string;
  try {
    if (intent === "options") {
      const response = await upstreamFetch(context, "/api/admin/passkey-login/options", { method: "POST", json: {} });
      return json(ceremonySchema.parse(await response.json()));
    }
    const response = await upstreamFetch(context, "/api/admin/passkey-login", {
      method: "POST",
      json: { challengeId: fields.challengeId, response: browserAnswer(fields.response) },
    });
    token = loginResponseSchema.parse(await response.json()).token;
  } catch (error) {
    return ceremonyFailure("Login Failed", error, FALLBACK_MESSAGE);
  }
  const welcome = {
    kind: "success",
    title: "Login Successful",
    description: "Welcome to the admin dashboard",
  } as const;
  return forScript(
    await redirectWithNotice(request, "/admin/dashboard", welcome, (session) => session.set("token", token)),
  );
}
