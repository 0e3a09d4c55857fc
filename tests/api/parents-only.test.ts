import { describe, expect, it } from "vitest";
import { jpegImage } from "../fixtures/images";
import { member } from "./committee-helpers";
import { json, makeApi, type ErrorJson } from "./helpers";
import { imageApiEachTest } from "./image-api";
import { addImage, cookieOf, insertAlbum, PASSPHRASE, setPassphrase, unlock } from "./parents-helpers";

/** Parents-only albums (docs/product.md, 'Photos'): the passphrase, its cookie, and what a visitor without it is never shown. */
const { api, uploadOk } = imageApiEachTest();

const THIRTY_DAYS = 30 * 24 * 60 * 60;

/** A public image, and one in a parents-only album, both stored here. */
async function twoImages() {
  const parentsAlbum = await insertAlbum(api.t.api.store, "parents");
  const publicAlbum = await insertAlbum(api.t.api.store, "public", "Fair");
  const shown = await addImage(api.t, api.token, await uploadOk(await jpegImage(), "image/jpeg"), publicAlbum);
  api.t.clock.advance(1000);
  const hidden = await addImage(api.t, api.token, await uploadOk(await jpegImage(), "image/jpeg"), parentsAlbum);
  return { shown, hidden };
}

async function ids(path: string, headers: Record<string, string> = {}) {
  const res = await api.t.request(path, { headers });
  expect(res.status).toBe(200);
  return { total: res.headers.get("x-total-count"), ids: (await json<Array<{ id: number }>>(res)).map((i) => i.id) };
}

/** Every gallery route a visitor reads, as seen with these headers. */
async function seenWith(headers: Record<string, string>, hidden: { id: number; imageUrl: string }) {
  return {
    whole: await ids("/api/gallery", headers),
    page: await ids("/api/gallery?limit=10&offset=0&fields=id", headers),
    count: (await api.t.request("/api/gallery?limit=0", { headers })).headers.get("x-total-count"),
    item: (await api.t.request(`/api/gallery/${hidden.id}`, { headers })).status,
    file: (await api.t.request(hidden.imageUrl, { headers })).status,
    variant: (await api.t.request(`${hidden.imageUrl}?w=480`, { headers })).status,
  };
}

describe("parents-only albums", () => {
  it("leave their images out of every gallery route for a visitor, and show them with the cookie or a token", async () => {
    const { shown, hidden } = await twoImages();
    expect((await setPassphrase(api.t, api.token, PASSPHRASE)).status).toBe(200);

    expect(await seenWith({}, hidden)).toEqual({
      whole: { total: "1", ids: [shown.id] },
      page: { total: "1", ids: [shown.id] },
      count: "1",
      item: 404,
      file: 404,
      variant: 404,
    });
    // The public image is served as before.
    const publicFile = await api.t.request(shown.imageUrl);
    expect(publicFile.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const res = await unlock(api.t, PASSPHRASE);
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);
    const everything = {
      whole: { total: "2", ids: [hidden.id, shown.id] },
      page: { total: "2", ids: [hidden.id, shown.id] },
      count: "2",
      item: 200,
      file: 200,
      variant: 200,
    };
    expect(await seenWith({ cookie }, hidden)).toEqual(everything);
    expect(await seenWith({ authorization: `Bearer ${api.token}` }, hidden)).toEqual(everything);

    const file = await api.t.request(hidden.imageUrl, { headers: { cookie } });
    expect(file.headers.get("cache-control")).toBe("private, max-age=3600");
    const list = await api.t.request("/api/gallery?limit=10", { headers: { cookie } });
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    // A visitor with the cookie is still not told who confirmed consent.
    expect(await json(await api.t.request(`/api/gallery/${hidden.id}`, { headers: { cookie } }))).not.toHaveProperty(
      "consentBy",
    );
  });

  it("reads the cookie one way everywhere: however its name is spaced, what it opens is never kept by a cache", async () => {
    const { hidden } = await twoImages();
    await setPassphrase(api.t, api.token, PASSPHRASE);
    const albumId = await insertAlbum(api.t.api.store, "parents", "Camp");
    await addImage(api.t, api.token, hidden.imageUrl, albumId);
    const value = cookieOf(await unlock(api.t, PASSPHRASE)).slice("gallery=".length);
    for (const cookie of [
      `gallery =${value}`,
      `gallery\t=${value}`,
      ` gallery = ${value}`,
      `theme=dark;gallery =${value}`,
    ]) {
      for (const path of ["/api/gallery?limit=10", `/api/gallery/${hidden.id}`, `/api/albums/${albumId}`]) {
        const res = await api.t.request(path, { headers: { cookie } });
        expect(res.status, `${path} with ${JSON.stringify(cookie)}`).toBe(200);
        expect(res.headers.get("cache-control"), `${path} with ${JSON.stringify(cookie)}`).toBe("private, no-store");
      }
    }
  });

  it("sets a signed, HttpOnly, 30-day cookie; a forged or expired one opens nothing", async () => {
    const { hidden } = await twoImages();
    await setPassphrase(api.t, api.token, PASSPHRASE);
    const res = await unlock(api.t, `  ${PASSPHRASE} `);
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^gallery=\d+\.[\w-]+\.[\w-]+; /);
    for (const part of [`Max-Age=${THIRTY_DAYS}`, "Path=/", "HttpOnly", "SameSite=Lax"])
      expect(setCookie).toContain(part);
    expect(setCookie).not.toContain("Secure");

    const cookie = cookieOf(res);
    const [expires, version, signature] = cookie.slice("gallery=".length).split(".");
    const later = `gallery=${Number(expires) + 1000}.${version}.${signature}`;
    const flipped = `gallery=${expires}.${version}.${signature.slice(0, -2)}AA`;
    for (const forged of [later, flipped, "gallery=1.2.3", "gallery=x"]) {
      expect((await api.t.request(`/api/gallery/${hidden.id}`, { headers: { cookie: forged } })).status).toBe(404);
    }
    api.t.clock.advance(THIRTY_DAYS * 1000 + 1000);
    expect((await api.t.request(`/api/gallery/${hidden.id}`, { headers: { cookie } })).status).toBe(404);
  });

  it("ends every cookie given before when the passphrase changes or is removed", async () => {
    const { hidden } = await twoImages();
    await setPassphrase(api.t, api.token, PASSPHRASE);
    const cookie = cookieOf(await unlock(api.t, PASSPHRASE));
    const file = () => api.t.request(hidden.imageUrl, { headers: { cookie } });
    expect((await file()).status).toBe(200);

    expect(await json(await setPassphrase(api.t, api.token, "a brand new phrase"))).toEqual({ set: true });
    expect((await file()).status).toBe(404);
    expect((await unlock(api.t, PASSPHRASE)).status).toBe(401);
    const fresh = cookieOf(await unlock(api.t, "a brand new phrase"));
    expect((await api.t.request(hidden.imageUrl, { headers: { cookie: fresh } })).status).toBe(200);

    expect(await json(await setPassphrase(api.t, api.token, ""))).toEqual({ set: false });
    expect((await api.t.request(hidden.imageUrl, { headers: { cookie: fresh } })).status).toBe(404);
    const closed = await unlock(api.t, "a brand new phrase");
    expect(closed.status).toBe(403);
    expect((await json<ErrorJson>(closed)).message).toBe(
      "The parents-only albums are closed at the moment. Please ask the club.",
    );
    // The committee still sees them.
    expect((await api.t.request(`/api/gallery/${hidden.id}`, { token: api.token })).status).toBe(200);
  });

  it("names which of a page's albums are parents-only, reading only those albums", async () => {
    const store = api.t.api.store;
    const [parents, otherParents, open] = [
      await insertAlbum(store, "parents"),
      await insertAlbum(store, "parents", "Camp"),
      await insertAlbum(store, "public", "Fair"),
    ];
    const committee = { authorization: `Bearer ${api.token}` };
    expect((await ids("/api/albums?visibility=parents", committee)).ids).toEqual([otherParents, parents]);
    // The other parents-only album is not among those asked about, so it is not read.
    expect(await ids(`/api/albums?visibility=parents&ids=${parents}.${open}`, committee)).toEqual({
      total: "1",
      ids: [parents],
    });
    const bad = await api.t.request("/api/albums?ids=1.x");
    expect(bad.status).toBe(400);
    expect(await json<ErrorJson>(bad)).toMatchObject({ field: "ids" });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(".");
    expect((await api.t.request(`/api/albums?ids=${tooMany}`)).status).toBe(400);
  });

  it("lets only an Administrator set the passphrase, of at least 8 characters", async () => {
    const editor = await member(api.t, api.token, "eddie", "editor");
    expect((await setPassphrase(api.t, editor.token, PASSPHRASE)).status).toBe(403);
    const short = await setPassphrase(api.t, api.token, "short");
    expect(short.status).toBe(400);
    expect(await json<ErrorJson>(short)).toMatchObject({ field: "passphrase" });
    expect(
      (await api.t.request("/api/admin/settings/gallery-passphrase", { method: "PUT", token: api.token, json: {} }))
        .status,
    ).toBe(400);
    const anonymous = { method: "PUT", json: { passphrase: PASSPHRASE } };
    expect((await api.t.request("/api/admin/settings/gallery-passphrase", anonymous)).status).toBe(401);
    const read = () => api.t.request("/api/admin/settings/gallery-passphrase", { token: api.token });
    expect(await json(await read())).toEqual({ set: false });
    expect((await setPassphrase(api.t, api.token, PASSPHRASE)).status).toBe(200);
    expect(await json(await read())).toEqual({ set: true });
    // Only its hash is stored.
    const rows = await api.t.api.store.db.selectFrom("meta").select("value").execute();
    expect(rows.some((row) => row.value.includes(PASSPHRASE))).toBe(false);
  });

  it("refuses wrong passphrases with words, and throttles them per address like sign-ins", async () => {
    await setPassphrase(api.t, api.token, PASSPHRASE);
    const wrong = await unlock(api.t, "not the one");
    expect(wrong.status).toBe(401);
    expect(await json<ErrorJson>(wrong)).toEqual({
      message: "That is not the gallery passphrase. Please check it and try again.",
      field: "passphrase",
    });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    for (let i = 0; i < 4; i++) expect((await unlock(api.t, "not the one")).status).toBe(401);
    const refused = await unlock(api.t, PASSPHRASE);
    expect(refused.status).toBe(429);
    expect((await json<ErrorJson>(refused)).message).toBe(
      "Too many wrong passphrases. Please try again in 15 minutes.",
    );
    expect(refused.headers.get("retry-after")).toBe(String(15 * 60));
    // Counted apart from sign-ins: the committee can still sign in from the same address.
    expect(await api.t.login()).toEqual(expect.any(String));
    api.t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await unlock(api.t, PASSPHRASE)).status).toBe(200);
  });
});

describe("on an https site", () => {
  it("names the cookie __Host-gallery and marks it Secure", async () => {
    const t = await makeApi({ siteOrigin: "https://club.example" });
    try {
      const token = await t.login();
      const hidden = await addImage(
        t,
        token,
        "/objects/images/AAAAAAAAAAAAAAAAAAAAAA",
        await insertAlbum(t.api.store, "parents"),
      );
      await setPassphrase(t, token, PASSPHRASE);
      const res = await unlock(t, PASSPHRASE);
      expect(res.headers.get("set-cookie")).toMatch(/^__Host-gallery=.*; Secure$/);
      expect((await t.request(`/api/gallery/${hidden.id}`, { headers: { cookie: cookieOf(res) } })).status).toBe(200);
      // The plain name is not read there.
      const plain = cookieOf(res).replace("__Host-gallery", "gallery");
      expect((await t.request(`/api/gallery/${hidden.id}`, { headers: { cookie: plain } })).status).toBe(404);
    } finally {
      await t.api.close();
    }
  });
});
