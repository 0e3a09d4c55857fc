import { describe, expect, it } from "vitest";
import { hashPassword } from "../../api/http/lib/passwords";
import { createUser } from "../../api/store/users";
import { loader } from "~/routes/admin.activity";
import { args, settle } from "./admin-test-helpers";
import { get, ORIGIN, signedInHarness } from "./harness";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/**
 * Recent changes in sentences (docs/product.md, 'Recent changes'), from changes made
 * through the embedded /api as Sam Patel: each line starts with the person's name, no
 * action code or stored image path shows, and a batch of photos is one line.
 */
const session = signedInHarness({ seedDemo: false });

async function asSam(): Promise<(path: string, method: string, body?: unknown) => Promise<Response>> {
  const db = session.h.api.store.db;
  const password = "sam-patel-password-long";
  await createUser(db, "sam", await hashPassword(password, TEST_SCRYPT_COST), new Date(), {
    name: "Sam Patel",
    role: "administrator",
  });
  const login = await session.h.api.fetch(
    new Request(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "sam", password }),
    }),
  );
  const { token } = (await login.json()) as { token: string };
  return async (path, method, body) => {
    const response = await session.h.api.fetch(
      new Request(`${ORIGIN}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return response;
  };
}

interface Line {
  sentence: string;
  item: string | null;
  href: string | null;
}

describe("Recent changes in sentences", () => {
  it("says who did what in words, with one line for a batch of photos linked to its album", async () => {
    const send = await asSam();
    await send("/api/admin/settings/gallery-passphrase", "PUT", { passphrase: "bonfire-passphrase-1" });
    const album = (await (
      await send("/api/admin/albums", "POST", { title: "Bonfire night", date: "2026-11-05" })
    ).json()) as { id: number };
    for (let n = 1; n <= 3; n++) {
      await send("/api/admin/gallery", "POST", { imageUrl: `https://example.org/bonfire-${n}.jpg`, albumId: album.id });
    }
    await send("/api/admin/events", "POST", {
      name: "Bonfire night",
      date: "2026-11-05T18:00:00.000Z",
      comment: "Bring a torch.",
      bookingUrl: "https://example.org/bonfire",
    });
    await send("/api/admin/gallery", "POST", { imageUrl: "https://example.org/lone.jpg", caption: "The lone one" });

    const response = await settle(() => loader(args(get("/admin/activity", session.cookie), session.h.context)));
    const { lines } = (await response.json()) as { lines: Line[] };
    const sentences = lines.map((line) => line.sentence);
    expect(sentences.slice(0, 6)).toEqual([
      'Sam Patel added the photo "The lone one"',
      'Sam Patel added the event "Bonfire night"',
      'Sam Patel added 3 photos to "Bonfire night"',
      'Sam Patel added the album "Bonfire night"',
      "Sam Patel changed the gallery passphrase",
      "Sam Patel signed in",
    ]);
    expect(lines[1].href).toMatch(/^\/events\/\d+$/);
    expect(lines[2]).toMatchObject({ item: "Bonfire night", href: `/admin/gallery/albums/${album.id}` });
    expect(lines[0].href).toMatch(/^\/admin\/gallery\?edit=\d+$/);
    for (const sentence of sentences) {
      expect(sentence).not.toMatch(/[a-z]+\.[a-z-]+ |\/objects\/|https?:\/\//);
    }
  });
});
