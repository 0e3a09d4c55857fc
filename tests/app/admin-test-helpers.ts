import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { problemsOf, typedOf, type FormFailure } from "~/lib/admin/forms/form-failure";
import { getSession } from "~/lib/security/session.server";
import { get, ORIGIN, post, signedInHarness, type Harness } from "./harness";

/** A loader or action's answer, whether it returned it or threw it (redirects, 403s). */
export async function settle(run: () => unknown): Promise<Response> {
  try {
    const result = await run();
    // A loader may return plain data, which Remix sends as JSON.
    return result instanceof Response ? result : Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The route's arguments, as Remix passes them: the server makes a new load context for each request. */
export function args(request: Request, context: AppLoadContext) {
  return { request, context: { ...context }, params: {} };
}

/** A form POST that another site's page sent into ours. */
export function crossSitePost(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { Origin: "https://evil.example" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

/** A form as the admin page sends it with a file chosen: the fields, then the file as imageFile. */
export function formOf(fields: Record<string, string>, file?: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("imageFile", file);
  return form;
}

/** The upstream token a session cookie holds. */
export async function tokenOf(cookie: string): Promise<string | undefined> {
  const session = await getSession(new Request(ORIGIN, { headers: { Cookie: cookie } }));
  return session.get("token");
}

/**
 * One harness without the demo content, signed in, with the /api token its session
 * holds, for a file's tests that also write through the /api (read them inside the tests).
 */
export function signedInWithToken(): { h: Harness; cookie: string; token: string } {
  const signedIn = Object.assign(signedInHarness({ seedDemo: false }), { token: "" });
  beforeAll(async () => {
    signedIn.token = (await tokenOf(signedIn.cookie)) ?? "";
  });
  return signedIn;
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

/**
 * The answer of an admin action that failed, as its form shows it: the notice, each
 * field's problem beside it (the first, which the field shows), and what was typed.
 */
export async function failureOf(response: Response) {
  expect(response.status).toBeGreaterThanOrEqual(400);
  const failure = (await response.json()) as FormFailure;
  return { notice: failure.notice, fieldErrors: problemsOf(failure), values: typedOf(failure) };
}

interface GuardedList {
  /** The screen's name, e.g. 'Manage Gallery'. */
  title: string;
  /** Its address, e.g. /admin/gallery. */
  path: string;
  loader: (args: LoaderFunctionArgs) => Promise<Response>;
  action: (args: ActionFunctionArgs) => Promise<Response>;
  /** The stored items, read from the /api, to show that nothing was deleted. */
  items: () => Promise<Array<{ id: number | string }>>;
  /** The file's harness and signed-in cookie; a function, as they are made in beforeAll. */
  session: () => { h: Harness; cookie: string };
}

/** The guards every admin list shares: signed out → /admin, a cross-site POST → 403; nothing is deleted. */
export function describeListGuards({ title, path, loader, action, items, session }: GuardedList) {
  describe(`${title} guards`, () => {
    it("sends a signed-out visitor to /admin from the loader and from the action", async () => {
      const { h } = session();
      const before = await items();
      for (const response of [
        await settle(() => loader(args(get(path), h.context))),
        await settle(() => action(args(post(path, { intent: "delete", id: String(before[0].id) }), h.context))),
      ]) {
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/admin");
      }
      expect(await items()).toHaveLength(before.length);
    });

    it("refuses a change posted from another site", async () => {
      const { h, cookie } = session();
      const before = await items();
      const request = crossSitePost(path, { intent: "delete", id: String(before[0].id) }, cookie);
      expect((await settle(() => action(args(request, h.context)))).status).toBe(403);
      expect(await items()).toHaveLength(before.length);
    });
  });
}

/**
 * What an admin list screen's tests share: one signed-in harness for the file (read it
 * inside the tests), its list as the /api stores it, its form sent as the browser sends
 * it, and the guards every list has (describeListGuards).
 */
export function adminListScreen<T extends { id: number | string }>(screen: {
  title: string;
  path: string;
  loader: GuardedList["loader"];
  action: GuardedList["action"];
  /** The /api's public list, e.g. /api/gallery. */
  list: string;
}) {
  const session = signedInHarness();
  const items = () => session.h.read<T[]>(screen.list);
  const send = (fields: Record<string, string> | FormData, path = screen.path) =>
    settle(() => screen.action(args(post(path, fields, session.cookie), session.h.context)));
  describeListGuards({ ...screen, items, session: () => session });
  return { session, items, send };
}

/** A create form for a new event, as a volunteer fills it in. */
export const picnicEventForm = {
  intent: "create",
  name: "Family picnic",
  date: "2031-06-01T10:30",
  bookingUrl: "https://www.example.com/book/picnic",
  comment: "Bring a blanket.\nAnd a ball.",
  location: "The park",
  organiser: "",
  imageUrl: "",
};
