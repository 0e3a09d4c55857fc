import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { sessionResponseSchema } from "./models.server";
import type { Notice } from "./notice";
import { ownOrigins } from "./origin.server";
import { isCrossSiteRequest } from "./security.server";
import { commitSession, getSession, requireToken, signOutRedirect } from "./session.server";
import { upstreamFetch, UpstreamError, type UpstreamRequest } from "./upstream.server";

/** The signed-in administrator, as the upstream confirmed them. */
export interface AdminSession {
  token: string;
  /** Null against an upstream that cannot say who the token belongs to. */
  username: string | null;
}

/**
 * The guard every admin loader and action calls itself (not only a parent route):
 * a cross-site POST is refused, a signed-out visitor goes to /admin, and so does one
 * whose token the upstream no longer accepts (logged out elsewhere, a new password,
 * expired): holding a cookie is not enough.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AdminSession> {
  if (isCrossSiteRequest(request, ownOrigins(request))) {
    throw json({ message: "Cross-site request refused" }, { status: 403 });
  }
  const token = await requireToken(request);
  try {
    const response = await upstreamFetch(context, "/api/admin/session", { token });
    const session = sessionResponseSchema.safeParse(await response.json());
    return { token, username: session.success ? session.data.username : null };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 401) throw await signOutRedirect(request);
    // An upstream without the endpoint: its first admin call will judge the token instead.
    if (error instanceof UpstreamError && error.status === 404) return { token, username: null };
    throw error;
  }
}

/** What an admin action answers when it does not redirect: the form is shown again. */
export interface ActionFailure {
  /** Null when the field's own error says all there is (the gallery's missing image). */
  notice: Notice | null;
  /** The field the upstream blamed, with its words, shown beside that field. */
  fieldErrors: Record<string, string>;
  /** What the administrator typed, so nothing is lost. */
  values: Record<string, string>;
}

interface MutationOptions {
  /** The upstream call(s); gets the token, returns nothing useful (SPEC.md §7). */
  call: (token: string) => Promise<unknown>;
  success: Notice;
  /** Builds the failure notice from the upstream's error text, e.g. 'Failed to create news item: {error}'. */
  failure: (error: string) => Notice;
  /** Where a success redirects (the list, without dialog state). */
  redirectTo: string;
  values?: Record<string, string>;
}

/**
 * Runs one admin mutation: success flashes the notice and redirects (POST → redirect
 * → GET, so every list revalidates); an upstream 401 signs out; any other failure
 * returns the exact SPEC.md failure text, the blamed field, and the typed values.
 */
export async function runMutation(request: Request, { token }: AdminSession, options: MutationOptions) {
  try {
    await options.call(token);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 401) throw await signOutRedirect(request);
    const message = describeError(error);
    const field = error instanceof UpstreamError ? error.field : undefined;
    const status = error instanceof UpstreamError && error.status < 500 ? 400 : 502;
    return json<ActionFailure>(
      {
        notice: options.failure(message),
        fieldErrors: field ? { [field]: error instanceof UpstreamError ? error.detail : message } : {},
        values: options.values ?? {},
      },
      { status },
    );
  }
  const session = await getSession(request);
  session.flash("notice", options.success);
  return redirect(options.redirectTo, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** The {error} of SPEC.md §8: `status: the upstream's message`. */
export function describeError(error: unknown): string {
  if (error instanceof UpstreamError) return `${error.status}: ${error.detail}`;
  return error instanceof Error ? error.message : String(error);
}

/** An admin call with the given token (for use inside runMutation's `call`). */
export function sendAsAdmin(context: AppLoadContext, token: string, path: string, init: Omit<UpstreamRequest, "token">) {
  return upstreamFetch(context, path, { ...init, token });
}
