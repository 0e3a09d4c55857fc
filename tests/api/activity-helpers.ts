import { expect } from "vitest";
import type { Role } from "../../common/roles";
import { hashPassword } from "../../api/http/lib/passwords";
import { createUser } from "../../api/store/users";
import { json, type TestApi } from "./helpers";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/** A line of the record of changes as GET /api/admin/activity answers it. */
export interface ActivityLine {
  at: string;
  user: { id: number; name: string; username: string | null } | null;
  action: string;
  target: { type: string; id: string; title: string | null } | null;
}

export interface ActivityPage {
  items: ActivityLine[];
  next: string | null;
  newer: string | null;
}

/**
 * A second person on the committee, made straight in the store (inviting is another
 * part's call), signed in: their id and token.
 */
export async function signInAs(
  t: TestApi,
  username: string,
  name: string,
  role: Role = "editor",
): Promise<{ id: number; token: string }> {
  const password = `${username}-password-long-enough`;
  const id = await createUser(t.api.store.db, username, await hashPassword(password, TEST_SCRYPT_COST), t.clock.now(), {
    name,
    role,
  });
  const res = await t.request("/api/admin/login", { method: "POST", json: { username, password } });
  expect(res.status).toBe(200);
  return { id, token: (await json<{ token: string }>(res)).token };
}

/** One page of the record, asked with `query` (e.g. "?user=2"); fails the test unless it is a 200. */
export async function readActivity(t: TestApi, token: string, query = ""): Promise<ActivityPage> {
  const res = await t.request(`/api/admin/activity${query}`, { token });
  expect(res.status).toBe(200);
  return json<ActivityPage>(res);
}

/** The record's changes to content, newest first, without the sign-ins and sign-outs. */
export async function contentChanges(t: TestApi, token: string): Promise<ActivityLine[]> {
  const { items } = await readActivity(t, token);
  return items.filter((line) => !line.action.startsWith("auth."));
}
