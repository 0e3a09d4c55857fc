import { json, type AppLoadContext } from "@remix-run/node";
import { takeNotice } from "../security/session.server";
import { adminFrameOf } from "./frame.server";

/**
 * The admin area's layout loader: the one-shot notice an admin action left in the
 * session (only the admin area raises notices, so public pages never read or write
 * the session cookie for one), and who is signed in, for the admin header.
 */
export async function adminLayoutData(request: Request, context: AppLoadContext) {
  const [{ notice, setCookie }, frame] = await Promise.all([takeNotice(request), adminFrameOf(request, context)]);
  return json({ notice, frame }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}
