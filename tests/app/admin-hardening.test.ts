import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/admin._index";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { action as eventsAction, loader as eventsLoader } from "~/routes/admin.events";
import { action as galleryAction } from "~/routes/admin.gallery";
import { action as logoutAction } from "~/routes/admin.logout";
import { action as newsAction, loader as newsLoader } from "~/routes/admin.news";
import { action as uploadImageAction } from "~/routes/admin.uploads.image";
import { action as uploadNewsImageAction } from "~/routes/admin.uploads.news-image";
import { action as whatWeDoAction } from "~/routes/admin.what-we-do";
import { action as whoWeAreAction } from "~/routes/admin.who-we-are";
import { pngImage } from "../fixtures/images";
import { args, formOf, settle, withUpstream } from "./admin-test-helpers";
import { recording } from "./bounded-reads";
import { ADMIN, createHarness, get, ORIGIN, post, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Action = (args: ActionFunctionArgs) => Promise<Response>;

/** Every admin form's action, with a field set that would otherwise be accepted. */
const ACTIONS: Array<{ path: string; action: Action; fields: Record<string, string> }> = [
  {
    path: "/admin/news",
    action: newsAction,
    fields: { intent: "create", title: "T", publishedAt: "2026-05-01", content: "x" },
  },
  {
    path: "/admin/events",
    action: eventsAction,
    fields: {
      intent: "create",
      name: "E",
      date: "2026-05-01T10:00",
      comment: "c",
      bookingUrl: "https://example.org/b",
    },
  },
  {
    path: "/admin/gallery",
    action: galleryAction,
    fields: { intent: "create", imageUrl: "https://example.org/a.png" },
  },
  { path: "/admin/who-we-are", action: whoWeAreAction, fields: { aboutUs: "About" } },
  { path: "/admin/what-we-do", action: whatWeDoAction, fields: { mission: "Mission" } },
  { path: "/admin/logout", action: logoutAction, fields: {} },
  { path: "/admin/uploads/image", action: uploadImageAction, fields: {} },
  { path: "/admin/uploads/news-image", action: uploadNewsImageAction, fields: {} },
];

function request(path: string, init: { body?: BodyInit; headers?: Record<string, string>; cookie?: string }): Request {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: init.body, headers });
}

describe("a write from another site", () => {
  it.each(ACTIONS)(
    "$path refuses a POST whose only clue is another site's Referer",
    async ({ path, action, fields }) => {
      const cookie = await h.signIn();
      const before = await h.read<unknown[]>("/api/news");
      const response = await settle(() =>
        action(
          args(
            request(path, {
              body: new URLSearchParams(fields),
              headers: { Referer: "http://evil.example/page" },
              cookie,
            }),
            h.context,
          ),
        ),
      );
      expect(response.status).toBe(403);
      expect(await h.read<unknown[]>("/api/news")).toHaveLength(before.length);
    },
  );

  it("the login form refuses it too, and spends none of the visitor's attempts", async () => {
    const foreign: Array<Record<string, string>> = [
      { Referer: "http://evil.example/" },
      { Origin: "null" },
      { Origin: "http://evil.example" },
    ];
    for (const headers of foreign) {
      const response = await settle(() =>
        loginAction(args(request("/admin?index", { body: new URLSearchParams(ADMIN), headers }), h.context)),
      );
      expect(response.status).toBe(403);
    }
  });

  it("a POST from our own page, with its own Referer and no Origin, is accepted", async () => {
    const response = await settle(() =>
      loginAction(
        args(
          request("/admin?index", { body: new URLSearchParams(ADMIN), headers: { Referer: `${ORIGIN}/admin` } }),
          h.context,
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });
});

describe("a session that has ended", () => {
  it("a copy of the cookie kept from before logout opens nothing", async () => {
    const cookie = await h.signIn();
    const copy = cookie;
    const logout = await settle(() => logoutAction(args(post("/admin/logout", {}, cookie), h.context)));
    expect(logout.headers.get("Location")).toBe("/admin");

    for (const [path, loader] of [
      ["/admin/dashboard", dashboardLoader],
      ["/admin/news", newsLoader],
      ["/admin/events", eventsLoader],
    ] as const) {
      const { context, asked } = recording(h.context);
      const response = await settle(() => loader(args(get(path, copy), context)));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin");
      // The dead cookie is cleared on the way.
      expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
      // The /api's refusal of the token is its one answer: it is not asked again.
      expect(asked.map((url) => url.pathname)).toEqual(["/api/admin/session"]);
    }
  });

  it("the dashboard says who is signed in", async () => {
    const cookie = await h.signIn();
    const response = await settle(() => dashboardLoader(args(get("/admin/dashboard", cookie), h.context)));
    expect(response.status).toBe(200);
    // The harness's Administrator has no name of their own: the username stands in.
    expect(((await response.json()) as { signedInAs: string }).signedInAs).toBe(ADMIN.username);
  });

  it("against an upstream without the session endpoint, the pages still open as before", async () => {
    const cookie = await h.signIn();
    const older = withUpstream(h.context, (req) =>
      new URL(req.url).pathname === "/api/admin/session"
        ? Response.json({ message: "Not found" }, { status: 404 })
        : null,
    );
    const response = await settle(() => dashboardLoader(args(get("/admin/dashboard", cookie), older)));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { signedInAs: string }).signedInAs).toBe(ADMIN.username);
  });
});

describe("a photo whose name has an equals sign", () => {
  const photo = async (name: string) => new File([new Uint8Array(await pngImage(40, 30))], name, { type: "image/png" });

  it.each([
    ["/admin/uploads/image", uploadImageAction],
    ["/admin/uploads/news-image", uploadNewsImageAction],
  ] as const)("uploads through %s", async (path, action) => {
    const cookie = await h.signIn();
    const form = new FormData();
    form.append("file", await photo("a=b.png"));
    const response = await settle(() => action(args(post(path, form, cookie), h.context)));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { imageUrl: string }).imageUrl).toMatch(/^\/objects\/images\//);
  });

  it("uploads with a form posted without JavaScript", async () => {
    const cookie = await h.signIn();
    const form = formOf({ intent: "create", caption: "Sports day = fun" }, await photo('x=1; filename="y.png'));
    const response = await settle(() => galleryAction(args(post("/admin/gallery", form, cookie), h.context)));
    expect(response.status).toBe(302);
    const gallery = await h.read<Array<{ caption: string; imageUrl: string }>>("/api/gallery");
    expect(gallery.find((image) => image.caption === "Sports day = fun")?.imageUrl).toMatch(/^\/objects\/images\//);
  });
});

describe("a form post that is not a form", () => {
  const broken = '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n--XYZ\r\nContent-Dispo';

  it.each(ACTIONS.filter(({ path }) => path !== "/admin/logout"))(
    "$path answers a JSON body and a broken multipart body with 400 and words",
    async ({ path, action, fields }) => {
      const cookie = await h.signIn();
      for (const init of [
        { body: JSON.stringify(fields), headers: { "Content-Type": "application/json", Origin: ORIGIN } },
        { body: broken, headers: { "Content-Type": "multipart/form-data; boundary=XYZ", Origin: ORIGIN } },
        { body: "intent=create", headers: { "Content-Type": "multipart/form-data", Origin: ORIGIN } },
      ]) {
        const response = await settle(() => action(args(request(path, { ...init, cookie }), h.context)));
        expect(response.status).toBe(400);
        expect(((await response.json()) as { message: string }).message).toMatch(/form/i);
      }
    },
  );

  it.each(ACTIONS.filter(({ fields }) => "intent" in fields))(
    "$path answers a missing intent with 400",
    async ({ path, action, fields }) => {
      const cookie = await h.signIn();
      const withoutIntent = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== "intent"));
      const response = await settle(() => action(args(post(path, withoutIntent, cookie), h.context)));
      expect(response.status).toBe(400);
    },
  );

  it("the login form answers a JSON body with 400", async () => {
    const response = await settle(() =>
      loginAction(
        args(
          request("/admin?index", {
            body: JSON.stringify(ADMIN),
            headers: { "Content-Type": "application/json", Origin: ORIGIN },
          }),
          h.context,
        ),
      ),
    );
    expect(response.status).toBe(400);
  });
});
