import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/admin._index";
import { action as logoutAction, loader as logoutLoader } from "~/routes/admin.logout";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { ADMIN, createHarness, flashOf, get, ORIGIN, post, type Harness } from "./harness";
import { args, crossSitePost, settle, tokenOf, withUpstream } from "./admin-test-helpers";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function sessionCookie(response: Response): string {
  return response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
}

describe("the login screen (/admin)", () => {
  it("shows the form to a signed-out visitor", async () => {
    const response = await settle(() => loginLoader(args(get("/admin"), h.context)));
    expect(response.status).toBe(200);
  });

  it("sends a signed-in administrator to the dashboard", async () => {
    const cookie = await h.signIn();
    const response = await settle(() => loginLoader(args(get("/admin", cookie), h.context)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("signs in, keeps the token in the session and greets the administrator", async () => {
    const response = await settle(() => loginAction(args(post("/admin?index", ADMIN), h.context)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    expect(await flashOf(response)).toEqual({
      kind: "success",
      title: "Login Successful",
      description: "Welcome to the admin dashboard",
    });
    const cookie = sessionCookie(response);
    expect(await tokenOf(cookie)).toMatch(/\S{20,}/);
    const dashboard = await settle(() => dashboardLoader(args(get("/admin/dashboard", cookie), h.context)));
    expect(dashboard.status).toBe(200);
  });

  it("shows the server's message when the password is wrong", async () => {
    const response = await settle(() =>
      loginAction(args(post("/admin?index", { username: "admin", password: "not-the-password" }), h.context)),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.json()).toEqual({
      error: "Invalid username or password",
      username: "admin",
      notice: { kind: "error", title: "Login Failed", description: "Invalid username or password" },
    });
  });

  it("says 'Authentication failed' when the server gives no message", async () => {
    const silent = withUpstream(h.context, (request) =>
      new URL(request.url).pathname === "/api/admin/login" ? new Response("", { status: 401 }) : null,
    );
    const response = await settle(() => loginAction(args(post("/admin?index", ADMIN), silent)));
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: string; notice: unknown };
    expect(body.error).toBe("Authentication failed");
    expect(body.notice).toEqual({ kind: "error", title: "Login Failed", description: "Authentication failed" });
  });

  it("names the missing field when the form comes without a username", async () => {
    const response = await settle(() => loginAction(args(post("/admin?index", { password: "x" }), h.context)));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("Username is required");
  });

  it("refuses a login posted from another site", async () => {
    const response = await settle(() => loginAction(args(crossSitePost("/admin?index", ADMIN), h.context)));
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("logging out (/admin/logout)", () => {
  it("revokes the token at the upstream, clears the session and goes to /admin", async () => {
    const cookie = await h.signIn();
    const token = await tokenOf(cookie);
    const response = await settle(() => logoutAction(args(post("/admin/logout", {}, cookie), h.context)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await tokenOf(sessionCookie(response))).toBeUndefined();

    const revoked = await h.api.fetch(
      new Request(`${ORIGIN}/api/admin/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(revoked.status).toBe(401);
  });

  it("sends a signed-out visitor to /admin", async () => {
    const response = await settle(() => logoutAction(args(post("/admin/logout", {}), h.context)));
    expect(response.headers.get("Location")).toBe("/admin");
  });

  it("still clears the session when the token was already revoked", async () => {
    const cookie = await h.signIn();
    await settle(() => logoutAction(args(post("/admin/logout", {}, cookie), h.context)));
    const again = await settle(() => logoutAction(args(post("/admin/logout", {}, cookie), h.context)));
    expect(again.headers.get("Location")).toBe("/admin");
    expect(await tokenOf(sessionCookie(again))).toBeUndefined();
  });

  it("refuses a logout posted from another site", async () => {
    const cookie = await h.signIn();
    const response = await settle(() => logoutAction(args(crossSitePost("/admin/logout", {}, cookie), h.context)));
    expect(response.status).toBe(403);
    expect(await tokenOf(cookie)).toBeDefined();
  });

  it("answers a GET with a redirect instead of logging out", async () => {
    const response = await settle(() => logoutLoader(args(get("/admin/logout"), h.context)));
    expect(response.headers.get("Location")).toBe("/admin");
  });
});
