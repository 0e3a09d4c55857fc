import { redirectWithNotice } from "../../security/session.server";
import { UpstreamError } from "../../upstream/client.server";

/** Where a person sets up authenticator codes (docs/product.md, 'The committee'). */
export const TWO_FACTOR_PATH = "/admin/account/two-factor";

/**
 * While an Administrator requires two-factor sign-in, the /api refuses a change by
 * someone without it (403, code two-factor-required). The app then sends them to the
 * set-up screen with the /api's sentence, instead of showing a failed save.
 */
export async function twoFactorRequiredRedirect(request: Request, error: unknown): Promise<Response | null> {
  if (!(error instanceof UpstreamError && error.status === 403 && error.problem.code === "two-factor-required")) {
    return null;
  }
  return redirectWithNotice(request, TWO_FACTOR_PATH, {
    kind: "error",
    title: "Two-factor sign-in required",
    description: error.jsonMessage ?? "Set up two-factor sign-in before making changes.",
  });
}
