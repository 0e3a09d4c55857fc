import { afterEach, beforeEach, expect } from "vitest";
import { json, makeApi, tempDataDir, type TestApi } from "./helpers";

/** What the /api answers for a file that is not one of the accepted images. */
export const NOT_AN_IMAGE = "Please upload an image file (jpg, jpeg, png, gif)";
export const MB = 1024 * 1024;

export interface ImageApi {
  t: TestApi;
  token: string;
  /** Where it stores, to read back what it stored (queryStored). */
  dataDir: string;
}

/**
 * For each test of a file: a fresh /api on a DATA_DIR of its own and an administrator's
 * token (read them inside the tests), with the upload and the read-back of an image.
 */
export function imageApiEachTest() {
  const api = {} as ImageApi;
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const temp = await tempDataDir();
    cleanup = temp.cleanup;
    api.dataDir = temp.dir;
    api.t = await makeApi({ dataDir: api.dataDir });
    api.token = await api.t.login();
  });
  afterEach(async () => {
    await api.t.api.close();
    await cleanup?.();
  });

  /** POST /api/admin/upload of one file, in the form field `field`. */
  function upload(bytes: Buffer, type: string, name = "photo.jpg", field = "image") {
    const form = new FormData();
    form.append(field, new File([new Uint8Array(bytes)], name, { type }));
    return api.t.request("/api/admin/upload", { method: "POST", token: api.token, body: form });
  }

  /** POST /api/admin/upload of one file as the body itself, its type as the Content-Type, its name in ?name=. */
  function uploadBody(bytes: Buffer, type: string, name = "photo.jpg") {
    return api.t.request(`/api/admin/upload?name=${encodeURIComponent(name)}`, {
      method: "POST",
      token: api.token,
      body: new Uint8Array(bytes),
      headers: { "content-type": type },
    });
  }

  /** An upload that is accepted: the image's address. */
  async function uploadOk(bytes: Buffer, type: string): Promise<string> {
    const res = await upload(bytes, type);
    expect(res.status).toBe(201);
    const { imageUrl } = await json<{ imageUrl: string }>(res);
    expect(imageUrl).toMatch(/^\/objects\/images\/[A-Za-z0-9_-]{22}$/);
    return imageUrl;
  }

  async function fetchBytes(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ res: Response; bytes: Buffer }> {
    const res = await api.t.request(path, { headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  return { api, upload, uploadBody, uploadOk, fetchBytes };
}
