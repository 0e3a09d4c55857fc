import { describe, expect, it } from "vitest";
import { validNews } from "./content-fixtures";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/** What the /api answers for a body it cannot read (broken JSON, not an object, over 1 MB) and an unknown path. */
const api = freshApiEachTest();

describe("request bodies", () => {
  it.each(["/api/admin/news", "/api/admin/events", "/api/admin/gallery"])(
    '400 "Request body must be valid JSON" for broken JSON on %s',
    async (path) => {
      const res = await api.t.request(path, {
        method: "POST",
        token: api.token,
        body: "title=hello",
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "Request body must be valid JSON" });
    },
  );

  it("400 for JSON that is not an object", async () => {
    const res = await api.t.request("/api/admin/news", { method: "POST", token: api.token, json: [1, 2] });
    expect(res.status).toBe(400);
    expect((await json<ErrorJson>(res)).message).toMatch(/JSON object/);
  });

  it("413 for a JSON body over 1 MB, with or without Content-Length", async () => {
    const big = JSON.stringify({ ...validNews, content: `<p>${"a".repeat(1024 * 1024)}</p>` });
    const streamed = await api.t.request("/api/admin/news", { method: "POST", token: api.token, body: big });
    expect(streamed.status).toBe(413);
    expect((await json<ErrorJson>(streamed)).message).toMatch(/1MB/);
    const declared = await api.t.request("/api/admin/news", {
      method: "POST",
      token: api.token,
      body: big,
      headers: { "content-length": String(Buffer.byteLength(big)) },
    });
    expect(declared.status).toBe(413);
    expect(await (await api.t.request("/api/news")).json()).toEqual([]);
  });

  it("unknown paths are a JSON 404", async () => {
    const res = await api.t.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });
});
