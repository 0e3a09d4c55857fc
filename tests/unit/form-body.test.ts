import { describe, expect, it } from "vitest";
import { readFormBody, readFormFiles, type FormFile } from "~/lib/form-body.server";

/**
 * The one form reader (app/lib/form-body.server.ts): files handed over one at a time as
 * they arrive, the body read only as fast as they are taken, what a handler leaves
 * dropped, and every refusal a 4xx with words.
 */

const CHUNK = 16 * 1024;

/** A form posted as a browser posts it, its body arriving in small pieces; `pulled` counts what was read of it. */
async function posted(form: FormData) {
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const state = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= bytes.byteLength) return controller.close();
        const piece = bytes.subarray(state.pulled, state.pulled + CHUNK);
        state.pulled += piece.byteLength;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://localhost/admin/gallery/add", {
    method: "POST",
    body,
    headers: { "Content-Type": encoded.headers.get("Content-Type") ?? "" },
    duplex: "half",
  } as RequestInit);
  return { request, state, size: bytes.byteLength };
}

const file = (size: number, name: string, type = "image/jpeg") =>
  new File([new Uint8Array(size).fill(name.charCodeAt(0))], name, { type });

async function bytesOf(part: FormFile): Promise<Uint8Array> {
  return new Uint8Array(await new Response(part.body).arrayBuffer());
}

async function refusal(run: Promise<unknown>): Promise<{ status: number; message: string }> {
  const thrown = await run.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const answer = thrown as Response;
  return { status: answer.status, message: ((await answer.json()) as { message: string }).message };
}

describe("readFormFiles", () => {
  it("hands over each file in order, with the fields before it, and the body only as fast as they are taken", async () => {
    const form = new FormData();
    form.append("albumId", "7");
    form.append("images", file(1024 * 1024, "a.jpg"));
    form.append("consent", "on");
    form.append("images", file(1024 * 1024, "b.png", "image/png"));
    form.append("images", file(0, "", "application/octet-stream"));
    const { request, state, size } = await posted(form);
    const seen: Array<{ name: string; type: string; bytes: number; fields: object; readBefore: number }> = [];
    const fields = await readFormFiles(request, {
      maxBytes: 10 * 1024 * 1024,
      async onFile(part, before) {
        // Held a while before it is taken: the body waits.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const readBefore = state.pulled;
        const bytes = await bytesOf(part);
        seen.push({ name: part.name, type: part.type, bytes: bytes.byteLength, fields: before, readBefore });
      },
    });
    expect(fields).toEqual({ albumId: "7", consent: "on" });
    // The nameless part of an empty file input is no file.
    expect(seen.map(({ name, type, bytes, fields }) => ({ name, type, bytes, fields }))).toEqual([
      { name: "a.jpg", type: "image/jpeg", bytes: 1024 * 1024, fields: { albumId: "7" } },
      { name: "b.png", type: "image/png", bytes: 1024 * 1024, fields: { albumId: "7", consent: "on" } },
    ]);
    // While a file waited to be taken, at most a few pieces of the body past its start were read.
    expect(seen[0].readBefore).toBeLessThan(256 * 1024);
    expect(seen[1].readBefore).toBeLessThan(1024 * 1024 + 256 * 1024);
    expect(state.pulled).toBe(size);
  });

  it("drops what a handler leaves of its file, and goes on to the next", async () => {
    const form = new FormData();
    form.append("images", file(512 * 1024, "a.jpg"));
    form.append("images", file(300, "b.jpg"));
    const { request } = await posted(form);
    const seen: Array<[string, number]> = [];
    await readFormFiles(request, {
      maxBytes: 10 * 1024 * 1024,
      async onFile(part) {
        const reader = part.body.getReader();
        const first = await reader.read();
        seen.push([part.name, first.value?.byteLength ?? 0]);
      },
    });
    expect(seen.map(([name]) => name)).toEqual(["a.jpg", "b.jpg"]);
    expect(seen[1][1]).toBe(300);
  });

  it("stops at a handler's throw, and passes it on", async () => {
    const form = new FormData();
    form.append("images", file(300, "a.jpg"));
    form.append("images", file(300, "b.jpg"));
    const { request } = await posted(form);
    const names: string[] = [];
    const stop = new Response(null, { status: 302, headers: { Location: "/admin" } });
    const thrown = await readFormFiles(request, {
      maxBytes: 10 * 1024 * 1024,
      async onFile(part) {
        names.push(part.name);
        throw stop;
      },
    }).catch((error: unknown) => error);
    expect(thrown).toBe(stop);
    expect(names).toEqual(["a.jpg"]);
  });

  it("refuses a body over its cap with 413, and one that is no form or a broken one with 400", async () => {
    const big = new FormData();
    big.append("images", file(2 * 1024 * 1024, "a.jpg"));
    expect(
      await refusal(readFormFiles((await posted(big)).request, { maxBytes: 1024 * 1024, onFile: async () => {} })),
    ).toEqual({ status: 413, message: "Request body is too large" });

    const text = new Request("http://localhost/", {
      method: "POST",
      body: "a=b",
      headers: { "Content-Type": "text/plain" },
    });
    expect((await refusal(readFormFiles(text, { maxBytes: 1024, onFile: async () => {} }))).status).toBe(400);

    const broken = new Request("http://localhost/", {
      method: "POST",
      body: '--x\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\nno end',
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(
      await refusal(
        readFormFiles(broken, { maxBytes: 1024, onFile: async (part) => void (await bytesOf(part).catch(() => null)) }),
      ),
    ).toEqual({ status: 400, message: "The form could not be read. Please try again." });
  });

  it("refuses a text field over 1 MB with 413", async () => {
    const form = new FormData();
    form.append("caption", "x".repeat(1024 * 1024 + 1));
    form.append("images", file(300, "a.jpg"));
    const names: string[] = [];
    const answer = await refusal(
      readFormFiles((await posted(form)).request, {
        maxBytes: 10 * 1024 * 1024,
        onFile: async (part) => void names.push(part.name),
      }),
    );
    expect(answer).toEqual({ status: 413, message: "Request body is too large" });
    expect(names).toEqual([]);
  });
});

describe("readFormBody", () => {
  it("keeps the file of its field whole, and reads the fields after it", async () => {
    const form = new FormData();
    form.append("title", "Kites\r\nand more");
    form.append("imageFile", file(1000, "kite.png", "image/png"));
    form.append("other", file(1000, "other.png", "image/png"));
    form.append("intent", "create");
    const {
      fields,
      file: kept,
      fileTooLarge,
    } = await readFormBody((await posted(form)).request, {
      field: "imageFile",
      maxBytes: 5000,
    });
    expect(fields).toEqual({ title: "Kites\nand more", intent: "create" });
    expect(fileTooLarge).toBe(false);
    expect([kept?.name, kept?.type, kept?.size]).toEqual(["kite.png", "image/png", 1000]);
  });

  it("holds no file longer than its limit: it is dropped and said to be too large, the fields kept", async () => {
    const form = new FormData();
    form.append("imageFile", file(5001, "big.png", "image/png"));
    form.append("title", "Big");
    const answer = await readFormBody((await posted(form)).request, { field: "imageFile", maxBytes: 5000 });
    expect(answer).toEqual({ fields: { title: "Big" }, file: null, fileTooLarge: true });
  });

  it("reads a urlencoded form, and refuses what is no form", async () => {
    const urlencoded = new Request("http://localhost/", {
      method: "POST",
      body: new URLSearchParams({ a: "1", b: "2" }),
    });
    expect(await readFormBody(urlencoded)).toEqual({ fields: { a: "1", b: "2" }, file: null, fileTooLarge: false });
    const json = new Request("http://localhost/", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(await refusal(readFormBody(json))).toEqual({ status: 400, message: "This request must be sent as a form." });
  });
});
