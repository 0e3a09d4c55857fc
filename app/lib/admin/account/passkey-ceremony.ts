import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

/**
 * The browser's half of a passkey ceremony, run from a click on /admin or
 * /admin/account only: the WebAuthn script is imported there and then, so no other
 * page's JavaScript grows by a byte (docs/architecture.md, 'Budgets'). Without JavaScript no
 * button that calls this is drawn.
 */

/** A ceremony that did not finish, in words for the person. */
export class PasskeyProblem extends Error {}

/** Whether this browser can use passkeys at all (every current one can). */
export function supportsPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

interface Challenge {
  challengeId: string;
  options: object;
}

function isChallenge(body: unknown): body is Challenge {
  if (typeof body !== "object" || body === null) return false;
  const { challengeId, options } = body as Record<string, unknown>;
  return typeof challengeId === "string" && typeof options === "object" && options !== null;
}

/** The resource route's own words for a refusal ({notice}), when it sent some. */
function refusal(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const notice = (body as { notice?: { description?: unknown } }).notice;
  return typeof notice?.description === "string" ? notice.description : undefined;
}

/** Posts the fields to the resource route; its JSON answer, or its words for a refusal thrown. */
async function post(route: string, fields: Record<string, string>): Promise<unknown> {
  const response = await fetch(route, {
    method: "POST",
    headers: { Accept: "application/json" },
    body: new URLSearchParams(fields),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof body !== "object" || body === null) {
    throw new PasskeyProblem(refusal(body) ?? "The server did not answer. Please reload the page and try again.");
  }
  return body;
}

async function askChallenge(route: string, proof: Record<string, string>): Promise<Challenge> {
  const body = await post(route, { ...proof, intent: "options" });
  if (!isChallenge(body)) throw new PasskeyProblem("The server could not start it. Please try again.");
  return body;
}

/**
 * Hands the browser's answer to the resource route; where to go next once it was
 * accepted (the route has set the session's cookie and its notice, as a redirect would).
 */
export async function finishCeremony(route: string, fields: Record<string, string>): Promise<string> {
  const body = await post(route, fields);
  const { redirectTo } = body as { redirectTo?: unknown };
  if (typeof redirectTo !== "string") throw new PasskeyProblem("The server did not answer. Please try again.");
  return redirectTo;
}

/** Names the browser gives its refusals, in words (docs/product.md, 'Passkeys'). */
function browserProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError") return "No passkey was used: it was cancelled, or the time ran out.";
  if (name === "InvalidStateError") return "This device already holds one of your passkeys.";
  if (name === "SecurityError") return "This browser does not allow passkeys for this address.";
  return error instanceof Error ? error.message : "The browser could not use a passkey.";
}

/**
 * Asks `route` for a challenge (sending `proof`, the password or a code, which adding a
 * passkey asks for before anything is made), has the browser make ('register') or use
 * ('authenticate') a passkey, and returns the form fields to post back to `route`.
 */
export async function runCeremony(
  route: string,
  ceremony: "register" | "authenticate",
  proof: Record<string, string> = {},
): Promise<{ challengeId: string; response: string }> {
  const [webauthn, { challengeId, options }] = await Promise.all([
    import("@simplewebauthn/browser"),
    askChallenge(route, proof),
  ]);
  try {
    // The /api made these options for this very ceremony (api/http/routes/passkeys.ts).
    const answer =
      ceremony === "register"
        ? await webauthn.startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })
        : await webauthn.startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
    return { challengeId, response: JSON.stringify(answer) };
  } catch (error) {
    throw new PasskeyProblem(browserProblem(error));
  }
}
