import { json } from "@remix-run/node";
import { takeNotice } from "../security/session.server";

/**
 * The admin area's layout loader: the one-shot notice an admin action left in the
 * session (only the admin area raises notices, so public pages never read or write
 * the session cookie for one).
 */
export async function adminLayoutData(request: Request) {
  const { notice, setCookie } = await takeNotice(request);
  return json({ notice }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}
