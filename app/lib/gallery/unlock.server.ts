import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { readFormBody } from "~/lib/form-body.server";
import { upstreamFetch, UpstreamError } from "~/lib/upstream/client.server";

/** What the passphrase form shows after a refused try (PassphraseForm's `error`). */
export interface UnlockFailure {
  passphraseError: string;
}

const EMPTY = "Please enter the gallery passphrase.";
const UNAVAILABLE = "The passphrase could not be checked just now. Please try again in a moment.";

/**
 * A locked album page's action (docs/product.md, 'Parents-only albums'): the
 * passphrase goes to `POST /api/gallery/unlock`; a right one comes back with the gallery
 * cookie, which is passed on to the browser with a redirect to the page it was entered
 * on (the album, now open). A wrong one, too many, or no passphrase set come back as
 * the /api's own words for the form, with its status.
 */
export async function unlockGallery(request: Request, context: AppLoadContext) {
  const { fields } = await readFormBody(request);
  const passphrase = (fields.passphrase ?? "").trim();
  if (!passphrase) return json<UnlockFailure>({ passphraseError: EMPTY }, { status: 400 });
  let response: Response;
  try {
    response = await upstreamFetch(context, "/api/gallery/unlock", { method: "POST", json: { passphrase } });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The /api's words for a wrong passphrase, too many tries, a busy server; ours for the rest.
    const message = error.status < 500 || error.status === 503 ? error.jsonMessage : undefined;
    return json<UnlockFailure>({ passphraseError: message ?? UNAVAILABLE }, { status: error.status });
  }
  const setCookie = response.headers.get("Set-Cookie");
  const { pathname, search } = new URL(request.url);
  return redirect(`${pathname}${search}`, { headers: setCookie ? { "Set-Cookie": setCookie } : {} });
}
