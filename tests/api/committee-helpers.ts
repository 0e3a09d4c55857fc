import { expect } from "vitest";
import { json, type TestApi } from "./helpers";

/** An invitation made by an Administrator: the token at the end of its link. */
export async function invite(t: TestApi, adminToken: string, name: string, role: "administrator" | "editor") {
  const res = await t.request("/api/admin/invitations", { method: "POST", token: adminToken, json: { name, role } });
  expect(res.status).toBe(201);
  const body = await json<{ url: string; path: string; expiresAt: string }>(res);
  return { ...body, linkToken: body.path.split("/").pop() ?? "" };
}

/** Uses a link; answers the join call's response. */
export function join(t: TestApi, linkToken: string, body: Record<string, unknown>) {
  return t.request(`/api/admin/join/${linkToken}`, { method: "POST", json: body });
}

/** Someone invited and joined with this role; their token and id. */
export async function member(t: TestApi, adminToken: string, username: string, role: "administrator" | "editor") {
  const { linkToken } = await invite(t, adminToken, `${username} Name`, role);
  const joined = await join(t, linkToken, { username, password: `${username}-long-secret-9` });
  expect(joined.status).toBe(201);
  const { token } = await json<{ token: string }>(joined);
  const me = await json<{ id: number }>(await t.request("/api/admin/me", { token }));
  return { token, id: me.id, password: `${username}-long-secret-9` };
}
