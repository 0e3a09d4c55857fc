import type { LoaderFunctionArgs } from "@remix-run/node";
import { expect } from "vitest";
import { action as eventsAction } from "~/routes/admin.events";
import { action as newsAction } from "~/routes/admin.news";
import { args, settle, tokenOf } from "./admin-test-helpers";
import { get, ORIGIN, post, signedInHarness } from "./harness";

/**
 * Two people editing one item (docs/product.md, 'Publishing', 'No edit lost'): the
 * dialogs' loaders and actions as the signed-in secretary, and the real /api as her
 * colleague, for the files that tell their stories.
 */

export interface AdminItem {
  id: string;
  title?: string;
  name?: string;
  content?: string;
  comment?: string;
  location?: string | null;
  version: number;
}

export function editConflictHarness() {
  const session = signedInHarness();

  /** The /api as the signed-in administrator: another person's save (PUT), or what is stored. */
  async function admin<T>(path: string, body?: object): Promise<T> {
    const token = (await tokenOf(session.cookie)) ?? "";
    const response = await session.h.api.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: body ? "PUT" : "GET",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body && JSON.stringify(body),
      }),
    );
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  }

  /** The item an edit dialog opens with, as its loader reads it. */
  async function opened(loader: (a: LoaderFunctionArgs) => Promise<Response>, path: string): Promise<AdminItem> {
    const response = await settle(() => loader(args(get(path, session.cookie), session.h.context)));
    const { chosen } = (await response.json()) as { chosen: AdminItem | null };
    if (!chosen) throw new Error(`${path} opened no item`);
    return chosen;
  }

  return {
    session,
    saveAsSomeoneElse: (path: string, body: object) => admin(path, body),
    stored: (path: string) => admin<AdminItem>(path),
    admin,
    opened,
    sendNews: (fields: Record<string, string>, id = "") =>
      settle(() =>
        newsAction(
          args(post(id ? `/admin/news?edit=${id}` : "/admin/news", fields, session.cookie), session.h.context),
        ),
      ),
    sendEvent: (fields: Record<string, string>, id = "") =>
      settle(() =>
        eventsAction(
          args(post(id ? `/admin/events?edit=${id}` : "/admin/events", fields, session.cookie), session.h.context),
        ),
      ),
  };
}
