import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { upstreamFetch, UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { qrDrawing } from "./qr-drawing.server";
import { TWO_FACTOR_PATH } from "./two-factor-required.server";

const statusSchema = z.object({ totp: z.boolean(), recoveryCodesLeft: z.number(), required: z.boolean() });
const setupSchema = z.object({ secret: z.string().min(1), uri: z.string(), qrSvg: z.string() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
const settingsSchema = z.object({ requireTwoFactor: z.boolean() });

export type TwoFactorStatus = z.infer<typeof statusSchema>;

/** Where a fresh sign-in goes: the set-up screen while the site requires what the person lacks. */
export async function landingAfterSignIn(context: AppLoadContext, token: string): Promise<string> {
  try {
    const response = await upstreamFetch(context, "/api/admin/two-factor", { token });
    const status = statusSchema.parse(await response.json());
    return status.required && !status.totp ? TWO_FACTOR_PATH : "/admin/dashboard";
  } catch {
    // An upstream without two-factor sign-in: the dashboard, as always.
    return "/admin/dashboard";
  }
}

export function twoFactorStatus(admin: AdminUpstream): Promise<TwoFactorStatus> {
  return admin.getJson("/api/admin/two-factor", statusSchema);
}

/** A set-up in progress: the secret to type, and the QR code as safe drawing data. */
export async function pendingSetup(admin: AdminUpstream) {
  try {
    const setup = await admin.getJson("/api/admin/two-factor/totp/setup", setupSchema);
    return { secret: setup.secret, qr: qrDrawing(setup.qrSvg) };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/** Whether an Administrator made two-factor sign-in compulsory: for the committee screen's form. */
export async function readRequireTwoFactor(admin: AdminUpstream): Promise<boolean> {
  return (await admin.getJson("/api/admin/settings", settingsSchema)).requireTwoFactor;
}
