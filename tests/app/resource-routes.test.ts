import { readdirSync, readFileSync } from "node:fs";
import type { LoaderFunction } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as passkeys from "~/routes/admin.account_.passkeys";
import * as blur from "~/routes/admin.gallery_.$id.blur";
import * as uses from "~/routes/admin.gallery_.$id.uses";
import * as newsAutosave from "~/routes/admin.news_.$id.autosave";
import * as logout from "~/routes/admin.logout";
import * as passkeySignIn from "~/routes/admin.passkey-sign-in";
import * as galleryPassphrase from "~/routes/admin.settings.gallery-passphrase";
import * as twoFactor from "~/routes/admin.settings.two-factor";
import * as galleryImage from "~/routes/admin.uploads.gallery-image";
import * as image from "~/routes/admin.uploads.image";
import * as newsImage from "~/routes/admin.uploads.news-image";
import { args, settle } from "./admin-test-helpers";
import { createHarness, ORIGIN } from "./harness";

/**
 * The admin routes that answer only a screen's forms or scripts, opened by hand in a
 * browser: each goes to its screen, with one plain line in the log and no JSON or
 * router complaint (docs/product.md, 'The committee').
 */
const ROUTES: Record<
  string,
  { loader: LoaderFunction; path: string; params?: Record<string, string>; screen: string }
> = {
  "admin.account_.passkeys.tsx": { loader: passkeys.loader, path: "/admin/account/passkeys", screen: "/admin/account" },
  "admin.gallery_.$id.blur.tsx": {
    loader: blur.loader,
    path: "/admin/gallery/12/blur",
    params: { id: "12" },
    screen: "/admin/gallery?edit=12",
  },
  "admin.gallery_.$id.uses.tsx": {
    loader: uses.loader,
    path: "/admin/gallery/12/uses",
    params: { id: "12" },
    screen: "/admin/gallery?delete=12",
  },
  "admin.news_.$id.autosave.tsx": {
    loader: newsAutosave.loader,
    path: "/admin/news/12/autosave",
    params: { id: "12" },
    screen: "/admin/news",
  },
  "admin.logout.tsx": { loader: logout.loader, path: "/admin/logout", screen: "/admin" },
  "admin.passkey-sign-in.tsx": { loader: passkeySignIn.loader, path: "/admin/passkey-sign-in", screen: "/admin" },
  "admin.settings.gallery-passphrase.tsx": {
    loader: galleryPassphrase.loader,
    path: "/admin/settings/gallery-passphrase",
    screen: "/admin/committee",
  },
  "admin.settings.two-factor.tsx": {
    loader: twoFactor.loader,
    path: "/admin/settings/two-factor",
    screen: "/admin/committee",
  },
  "admin.uploads.gallery-image.tsx": {
    loader: galleryImage.loader,
    path: "/admin/uploads/gallery-image",
    screen: "/admin/gallery/add",
  },
  "admin.uploads.image.tsx": { loader: image.loader, path: "/admin/uploads/image", screen: "/admin/dashboard" },
  "admin.uploads.news-image.tsx": {
    loader: newsImage.loader,
    path: "/admin/uploads/news-image",
    screen: "/admin/news",
  },
};

/** Routes whose GET is the download itself (tests/app/admin-mail.test.ts and admin-bookings.test.ts open them), not a form's target. */
const DOWNLOADS = ["admin.mail_.subscribers[.]csv.tsx", "admin.events_.$id.bookings[.]csv.tsx"];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a resource route opened by hand", () => {
  it("is every admin route without a screen of its own", () => {
    const withoutScreen = readdirSync("app/routes").filter(
      (file) => file.startsWith("admin.") && !readFileSync(`app/routes/${file}`, "utf8").includes("export default"),
    );
    expect(withoutScreen.sort()).toEqual([...Object.keys(ROUTES), ...DOWNLOADS].sort());
  });

  it.each(Object.entries(ROUTES))("%s goes to its screen and logs one plain line", async (_file, route) => {
    const h = await createHarness({ seedDemo: false });
    try {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const request = new Request(`${ORIGIN}${route.path}`, {
        headers: {
          Accept: "text/html,application/xhtml+xml",
          "Sec-Fetch-Dest": "document",
          "Sec-Fetch-Mode": "navigate",
        },
      });
      const response = await settle(() => route.loader({ ...args(request, h.context), params: route.params ?? {} }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(route.screen);
      expect(error).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(1);
      const line = String(warn.mock.calls[0][0]);
      expect(line).toBe(`${route.path} answers its screen's forms only; GET sent to ${route.screen}`);
    } finally {
      await h.close();
    }
  });

  it("still answers a script's fetch of the uses line with JSON", async () => {
    const h = await createHarness({ seedDemo: false });
    try {
      const cookie = await h.signIn();
      const request = new Request(`${ORIGIN}/admin/gallery/12/uses`, {
        headers: { Cookie: cookie, Accept: "*/*", "Sec-Fetch-Dest": "empty" },
      });
      const response = await settle(() => uses.loader({ ...args(request, h.context), params: { id: "12" } }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ note: null });
    } finally {
      await h.close();
    }
  });
});
