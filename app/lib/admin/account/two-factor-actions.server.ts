import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { env } from "../../config.server";
import { readFormBody } from "../../form-body.server";
import type { Notice } from "../../notifications";
import { redirectWithNotice } from "../../security/session.server";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import type { FormFailure } from "../forms/form-failure";
import { describeProblem } from "../forms/messages";
import { formFailure, replyWith } from "../forms/mutation.server";
import { PROOF_LABELS, proofOf } from "./proof.server";
import { TWO_FACTOR_PATH } from "./two-factor-required.server";
import { recoveryCodesSchema } from "./two-factor.server";

/**
 * What the set-up screen's forms answer when they do not redirect: the recovery codes,
 * shown once right after the set-up is confirmed or new ones are made, or a failure
 * whose reply names the form it was (two of them ask for the password).
 */
export type TwoFactorActionData = { notice: Notice; recoveryCodes: string[] } | FormFailure;

function refused(error: unknown, title: string, intent: string) {
  if (error instanceof Response) throw error;
  const problem = describeProblem(error instanceof UpstreamError ? error : undefined, PROOF_LABELS);
  const status = error instanceof UpstreamError && error.status < 500 ? 400 : 502;
  const fieldErrors = problem.field ? { [problem.field]: problem.text } : {};
  return formFailure({ kind: "error", title, description: problem.text }, replyWith({ intent }, fieldErrors), status);
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The set-up screen's forms (docs/product.md, 'The committee'), each one upstream call: start a
 * set-up (with the password), confirm it with the first code, make new recovery codes, turn
 * codes off (the last two with the password or a code typed in the same form).
 */
export async function twoFactorAction(request: Request, context: AppLoadContext, admin: AdminUpstream) {
  const { fields } = await readFormBody(request);
  const send = (path: string, body: unknown) => admin.send(path, { method: "POST", json: body });
  switch (fields.intent) {
    case "start":
      try {
        await send("/api/admin/two-factor/totp/setup", { issuer: env().SITE_NAME, ...proofOf(fields) });
      } catch (error) {
        return refused(error, "Could not start the set-up", "start");
      }
      return redirect(TWO_FACTOR_PATH);
    case "confirm":
    case "recovery-codes":
      try {
        const response =
          fields.intent === "confirm"
            ? await send("/api/admin/two-factor/totp/confirm", { code: text(fields.code) })
            : await send("/api/admin/two-factor/recovery-codes", proofOf(fields));
        const { recoveryCodes } = recoveryCodesSchema.parse(await response.json());
        const title = fields.intent === "confirm" ? "Authenticator codes are on" : "New recovery codes made";
        return json<TwoFactorActionData>({ recoveryCodes, notice: { kind: "success", title } });
      } catch (error) {
        const title = fields.intent === "confirm" ? "Could not turn codes on" : "Could not make new codes";
        return refused(error, title, fields.intent);
      }
    case "disable":
      try {
        await send("/api/admin/two-factor/totp/disable", proofOf(fields));
      } catch (error) {
        return refused(error, "Could not turn codes off", "disable");
      }
      return redirectWithNotice(request, TWO_FACTOR_PATH, { kind: "success", title: "Authenticator codes are off" });
    default:
      return formFailure({ kind: "error", title: "Unknown action" }, replyWith({}));
  }
}
