import { readdirSync, readFileSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { adminToken, signInByForm } from "../fixtures/api-client";
import { servingForTests } from "../fixtures/real-server";

/**
 * How the real server delivers what it sends: compression chosen by Accept-Encoding,
 * build output compressed once at build time, and public pages kept a few seconds
 * without ever mixing two visitors' answers. Needs `npm run build`.
 */
const PASSWORD = "delivery-test-password";

const serving = servingForTests("club-delivery-", { ADMIN_PASSWORD: PASSWORD });

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that shows the bytes as they came (fetch would decompress them). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const { hostname, port } = new URL(serving.base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const varies = (raw: Raw) =>
  String(raw.headers.vary ?? "")
    .toLowerCase()
    .includes("accept-encoding");

function decode(raw: Raw): string {
  const encoding = raw.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(raw.body).toString();
  if (encoding === "gzip") return gunzipSync(raw.body).toString();
  return raw.body.toString();
}

/** The build's largest JavaScript file, as the browser asks for it. */
function largestScript(): { path: string; file: string } {
  const dir = join("public", "build", "_shared");
  const name = readdirSync(dir)
    .filter((file) => file.endsWith(".js"))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
  return { path: `/build/_shared/${name}`, file: join(dir, name) };
}

describe("compression", () => {
  it("sends pages and JSON with brotli or gzip as the browser accepts, and says it varies", async () => {
    for (const path of ["/", "/events", "/api/news"]) {
      const br = await rawGet(path, { "Accept-Encoding": "gzip, deflate, br" });
      expect(br.headers["content-encoding"], path).toMatch(/^(br|gzip)$/);
      expect(varies(br), path).toBe(true);
      const gzip = await rawGet(path, { "Accept-Encoding": "gzip" });
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      const plain = await rawGet(path);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(varies(plain), path).toBe(true);
      expect(decode(gzip).length).toBeGreaterThan(gzip.body.length);
    }
  });

  it("sends build output compressed at build time: the very bytes of its .br and .gz files", async () => {
    const { path, file } = largestScript();
    const br = await rawGet(path, { "Accept-Encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(varies(br)).toBe(true);
    expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gzip = await rawGet(path, { "Accept-Encoding": "gzip" });
    expect(gzip.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    expect(decode(gzip)).toBe(readFileSync(file, "utf8"));
  });

  it("leaves images as they are", async () => {
    const events = (await (await fetch(`${serving.base}/api/events`)).json()) as Array<{ imageUrl: string | null }>;
    const image = events.find((event) => event.imageUrl)?.imageUrl;
    const raw = await rawGet(`${image}?w=480`, { "Accept-Encoding": "br, gzip" });
    expect(raw.status).toBe(200);
    expect(raw.headers["content-type"]).toBe("image/webp");
    expect(raw.headers["content-encoding"]).toBeUndefined();
  });
});

describe("what comes first on a page", () => {
  it("paints the server's HTML first: the scripts wait in a template, at low priority, for a script with the answer's nonce", async () => {
    for (const path of ["/", "/events", "/gallery"]) {
      const raw = await rawGet(path);
      const html = decode(raw);
      const nonce = /'nonce-([^']+)'/.exec(String(raw.headers["content-security-policy"]))?.[1];
      const held = /<template id="hydration-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? "";
      const outside = html.replace(held, "");
      expect(outside, path).not.toContain('rel="modulepreload"');
      expect(outside, path).not.toMatch(/<script[^>]* type="module"/);
      expect(outside, path).not.toContain("__remixContext");
      const preloads = [...held.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
      expect(preloads.length, path).toBeGreaterThan(3);
      for (const tag of preloads) expect(tag, path).toContain('fetchpriority="low"');
      expect(held, path).toMatch(/<script[^>]* type="module"/);
      expect(html, path).toContain(`</template><script nonce="${nonce}">`);
    }
  });

  it("fetches the first image on screen at once and ahead of the rest, which wait to be scrolled to", async () => {
    for (const path of ["/events", "/gallery"]) {
      const main = /<main[\s\S]*<\/main>/.exec(decode(await rawGet(path)))?.[0] ?? "";
      const images = [...main.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
      expect(images.length, path).toBeGreaterThan(2);
      const [first, ...others] = images;
      expect(first, path).toContain('fetchpriority="high"');
      expect(first, path).toContain('loading="eager"');
      for (const image of others) expect(image, path).not.toContain("fetchpriority");
      expect(images.at(-1), path).toContain('loading="lazy"');
    }
  });
});

describe("public pages kept for a few seconds", () => {
  const nonceOf = (raw: Raw) => /'nonce-([^']+)'/.exec(String(raw.headers["content-security-policy"]))?.[1];

  it("gives every answer its own nonce, in the header and in every script", async () => {
    const answers = [await rawGet("/news"), await rawGet("/news"), await rawGet("/news")];
    const nonces = answers.map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    for (const [i, raw] of answers.entries()) {
      const html = decode(raw);
      const inPage = [...html.matchAll(/<(?:script|style)[^>]* nonce="([^"]+)"/g)].map((match) => match[1]);
      // The site's styles are in the page: nothing holds up the first paint.
      expect(html).toMatch(/<style nonce="[^"]+">[^<]*\.site-header/);
      expect(html).not.toContain('rel="stylesheet"');
      expect(inPage.length).toBeGreaterThan(0);
      expect(new Set(inPage)).toEqual(new Set([nonces[i]]));
    }
  });

  it("shows an administrator's change on the very next page load", async () => {
    expect(decode(await rawGet("/news"))).not.toContain("Delivered fresh");
    const token = await adminToken(serving.base, PASSWORD);
    const created = await fetch(`${serving.base}/api/admin/news`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Delivered fresh", content: "<p>New</p>", publishedAt: new Date().toISOString() }),
    });
    expect(created.status).toBe(201);
    expect(decode(await rawGet("/news"))).toContain("Delivered fresh");
    expect(decode(await rawGet("/"))).toContain("Delivered fresh");
  });

  it("never gives one visitor's notice to another", async () => {
    // A wrong sign-in from a page leaves nothing behind; a right one sets a notice for the next page.
    const cookie = await signInByForm(serving.base, PASSWORD);
    await rawGet("/who-we-are");
    // Public pages neither show nor use up the admin area's notice…
    expect(decode(await rawGet("/who-we-are", { Cookie: cookie }))).not.toContain("Login Successful");
    expect(decode(await rawGet("/who-we-are"))).not.toContain("Login Successful");
    // …which the administrator's next admin page shows, once, to them alone.
    expect(decode(await rawGet("/admin/dashboard", { Cookie: cookie }))).toContain("Login Successful");
    expect(decode(await rawGet("/admin/dashboard"))).not.toContain("Login Successful");
  });
});
