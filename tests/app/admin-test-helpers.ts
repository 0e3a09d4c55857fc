import type { AppLoadContext } from "@remix-run/node";
import { expect } from "vitest";
import type { ActionFailure } from "~/lib/admin.server";
import { getSession } from "~/lib/session.server";
import { ORIGIN } from "./harness";

/** A loader or action's answer, whether it returned it or threw it (redirects, 403s). */
export async function settle(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The route's arguments, as Remix passes them. */
export function args(request: Request, context: AppLoadContext) {
  return { request, context, params: {} };
}

/** A form POST that another site's page sent into ours. */
export function crossSitePost(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { Origin: "https://evil.example" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

/** The upstream token a session cookie holds. */
export async function tokenOf(cookie: string): Promise<string | undefined> {
  const session = await getSession(new Request(ORIGIN, { headers: { Cookie: cookie } }));
  return session.get("token");
}

/** A context whose upstream answers some requests itself, to play an upstream that fails. */
export function withUpstream(
  context: AppLoadContext,
  intercept: (request: Request) => Response | null,
): AppLoadContext {
  const inner = context.apiFetch;
  if (!inner) throw new Error("the harness context has no apiFetch");
  return { ...context, apiFetch: async (request) => intercept(request) ?? inner(request) };
}

/** The answer of an admin action that failed: the notice, the blamed field, the typed values. */
export async function failureOf(response: Response): Promise<ActionFailure> {
  expect(response.status).toBeGreaterThanOrEqual(400);
  return (await response.json()) as ActionFailure;
}
