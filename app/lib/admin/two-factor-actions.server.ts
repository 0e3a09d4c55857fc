import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { env } from "../config.server";
import { readFormBody } from "../form-body.server";
import type { Notice } from "../notifications";
import { redirectWithNotice } from "../security/session.server";
import { UpstreamError } from "../upstream.server";
import type { AdminUpstream } from "./client.server";
import { describeProblem } from "./messages";
import { TWO_FACTOR_PATH } from "./two-factor-required.server";
import { recoveryCodesSchema } from "./two-factor.server";

/** What the set-up screen's forms answer when they do not redirect. */
export interface TwoFactorActionData {
  notice?: Notice;
  /** Shown once: right after the set-up is confirmed or new ones are made. */
  recoveryCodes?: string[];
  fieldErrors?: Record<string, string>;
}

const LABELS = { code: "Code", password: "Password" };

function refused(error: unknown, title: string) {
  if (error instanceof Response) throw error;
  const problem = describeProblem(error instanceof UpstreamError ? error : undefined, LABELS);
  const status = error instanceof UpstreamError && error.status < 500 ? 400 : 502;
  return json<TwoFactorActionData>(
    {
      notice: { kind: "error", title, description: problem.text },
      fieldErrors: problem.field ? { [problem.field]: problem.text } : {},
    },
    { status },
  );
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The set-up screen's forms (docs/product.md §11), each one upstream call: start a
 * set-up, confirm it with the first code, make new recovery codes, turn codes off.
 */
export async function twoFactorAction(request: Request, context: AppLoadContext, admin: AdminUpstream) {
  const { fields } = await readFormBody(request);
  const send = (path: string, body: unknown) => admin.send(path, { method: "POST", json: body });
  switch (fields.intent) {
    case "start":
      try {
        await send("/api/admin/two-factor/totp/setup", { issuer: env().SITE_NAME });
      } catch (error) {
        return refused(error, "Could not start the set-up");
      }
      return redirect(TWO_FACTOR_PATH);
    case "confirm":
    case "recovery-codes":
      try {
        const response =
          fields.intent === "confirm"
            ? await send("/api/admin/two-factor/totp/confirm", { code: text(fields.code) })
            : await send("/api/admin/two-factor/recovery-codes", {});
        const { recoveryCodes } = recoveryCodesSchema.parse(await response.json());
        const title = fields.intent === "confirm" ? "Authenticator codes are on" : "New recovery codes made";
        return json<TwoFactorActionData>({ recoveryCodes, notice: { kind: "success", title } });
      } catch (error) {
        return refused(error, fields.intent === "confirm" ? "Could not turn codes on" : "Could not make new codes");
      }
    case "disable":
      try {
        const code = text(fields.code);
        await send("/api/admin/two-factor/totp/disable", code ? { code } : { password: fields.password ?? "" });
      } catch (error) {
        return refused(error, "Could not turn codes off");
      }
      return redirectWithNotice(request, TWO_FACTOR_PATH, { kind: "success", title: "Authenticator codes are off" });
    default:
      return json<TwoFactorActionData>({ notice: { kind: "error", title: "Unknown action" } }, { status: 400 });
  }
}
