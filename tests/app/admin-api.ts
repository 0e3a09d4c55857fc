import { expect } from "vitest";
import { tokenOf } from "./admin-test-helpers";
import { ORIGIN, type Harness } from "./harness";

/**
 * What the app tests of publishing share to make their data by real calls to the
 * harness's /api, and to read back what it holds: a clock the test moves (the /api
 * stamps saves, autosaves and preview links with it) and the signed-in admin's calls.
 */
export class MovableClock {
  private current: Date;
  constructor(start: string) {
    this.current = new Date(start);
  }
  now = (): Date => new Date(this.current.getTime());
  set(at: string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const HOUR = 60 * 60 * 1000;

/** A call to the /api with the session's admin token, as a client makes it; the raw answer. */
export async function adminCall(
  session: { h: Harness; cookie: string },
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<Response> {
  const token = (await tokenOf(session.cookie)) ?? "";
  return session.h.api.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    }),
  );
}

/** As adminCall, for a call that must succeed: its JSON. */
export async function adminJson<T>(
  session: { h: Harness; cookie: string },
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  const response = await adminCall(session, path, init);
  if (!response.ok) expect.fail(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface RevisionRow {
  id: number;
  at: string;
  by: { id: number; name: string } | null;
  kind: string;
  version: number;
}

/** The first page of an item's revisions as the /api holds them, newest first. */
export function revisionsOf(session: { h: Harness; cookie: string }, itemPath: string): Promise<RevisionRow[]> {
  return adminJson<RevisionRow[]>(session, `${itemPath}/revisions`);
}
