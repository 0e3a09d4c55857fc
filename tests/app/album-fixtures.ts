import type { Harness } from "./harness";
import { ORIGIN } from "./harness";
import { tokenOf } from "./admin-test-helpers";

/** Albums and their images made through the /api, for the app's album tests. */
export async function adminCall<T>(
  h: Harness,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await h.api.fetch(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function tokenFor(h: Harness): Promise<string> {
  const token = await tokenOf(await h.signIn());
  if (!token) throw new Error("no token");
  return token;
}

/** An album with `count` images (captions 'Photo 1'…), added in order; its id and the images' ids. */
export async function albumWithImages(
  h: Harness,
  token: string,
  album: Record<string, unknown>,
  count: number,
): Promise<{ id: string; imageIds: string[] }> {
  const { id } = await adminCall<{ id: number }>(h, token, "POST", "/api/admin/albums", album);
  const imageIds: string[] = [];
  for (let n = 1; n <= count; n++) {
    const body = { imageUrl: `https://example.org/a${id}-${n}.jpg`, caption: `Photo ${n}`, albumId: id };
    imageIds.push(String((await adminCall<{ id: number }>(h, token, "POST", "/api/admin/gallery", body)).id));
  }
  return { id: String(id), imageIds };
}
