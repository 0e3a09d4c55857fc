import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { env, sessionSecret } from "../config.server";
import type { Notice } from "../notifications";

/**
 * The administrator's upstream token and one flash notification live in a signed,
 * httpOnly cookie: no script can read the token (the product rules, docs/product.md, 'Entities and their fields', keep it in localStorage;
 * docs/architecture.md, 'The web app (app/)' moves it here so the server can guard pages).
 */
export type { Notice };

interface SessionData {
  token: string;
  /** Between a right password and its code: the /api's second-step challenge (never the user). */
  challenge: string;
}
interface FlashData {
  notice: Notice;
}

export type AdminSession = Session<SessionData, FlashData>;

const TWELVE_HOURS = 12 * 60 * 60;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;

function sessionStorage() {
  if (storage) return storage;
  const config = env();
  const secure = config.NODE_ENV === "production";
  storage = createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      // __Host-: the browser takes it only over HTTPS (or localhost), for this exact host
      // and path /, so a sibling subdomain cannot plant or overwrite it.
      name: secure ? "__Host-session" : "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: [sessionSecret(config)],
      maxAge: TWELVE_HOURS,
    },
  });
  return storage;
}

export function getSession(request: Request): Promise<AdminSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * Whether the app would read a session (a token or a notice waiting) from this
 * request's cookies: read by the very parser the pages use, so no spelling of the
 * Cookie header (spaces around a name, a repeated name) can tell the two apart.
 */
export async function carriesSession(request: Request): Promise<boolean> {
  if (!request.headers.has("Cookie")) return false;
  return Object.keys((await getSession(request)).data).length > 0;
}

export function commitSession(session: AdminSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AdminSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

/** The signed-in administrator's token, or a redirect to the login screen. */
export async function requireToken(request: Request): Promise<string> {
  const session = await getSession(request);
  const token = session.get("token");
  if (!token) throw redirect("/admin");
  return token;
}

/** Signs the visitor out (their upstream token was refused) and sends them to /admin. */
export async function signOutRedirect(request: Request): Promise<Response> {
  const session = await getSession(request);
  return redirect("/admin", { headers: { "Set-Cookie": await destroySession(session) } });
}

/**
 * Sets the one-shot notification shown on the next page and redirects there; `change`
 * may first alter the session (signing in stores the token).
 */
export async function redirectWithNotice(
  request: Request,
  to: string,
  notice: Notice,
  change?: (session: AdminSession) => void,
): Promise<Response> {
  const session = await getSession(request);
  change?.(session);
  session.flash("notice", notice);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Reads (and so consumes) the flash notification; the caller must commit the session. */
export async function takeNotice(request: Request): Promise<{ notice: Notice | null; setCookie: string | null }> {
  const session = await getSession(request);
  const notice = session.get("notice") ?? null;
  return { notice, setCookie: notice ? await commitSession(session) : null };
}

/**
 * A request for a stored file (/objects), with the signed-in administrator's token as
 * the bearer the /api checks: their browser sends only this session cookie, and an
 * image of a parents-only album is theirs to see (docs/product.md, 'Photos'). The token stays
 * inside the process; nothing else in the request changes.
 */
export async function withSessionToken(request: Request): Promise<Request> {
  if (request.method !== "GET" && request.method !== "HEAD") return request;
  if (!request.headers.has("Cookie") || request.headers.has("Authorization")) return request;
  const token = (await getSession(request)).get("token");
  if (!token) return request;
  const headers = new Headers(request.headers);
  headers.set("Authorization", `Bearer ${token}`);
  return new Request(request, { headers });
}
