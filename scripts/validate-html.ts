/**
 * `npm run validate:html`: every public page a visitor can reach, checked by the Nu HTML
 * checker (the W3C's validator, vnu.jar, run by Java), on the compiled server with the
 * demo content, a booking and its private page. The pages are found by following the
 * site's own links from the home page, search and the booking's page; every message the
 * checker has (errors, warnings and notes) is printed, and the exit code says whether
 * there were any. Needs `npm run build` and Java 11 or later; fetches vnu-jar from the
 * npm registry into a cache folder the first time (it is 30 MB, so it is not one of the
 * project's dependencies). docs/performance.md, 'Outside validators', has the last run.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServing, stop } from "./lib/server";

const VNU_VERSION = "26.9.27";
/**
 * React writes every void element as `<img … />`; the checker notes that the slash does
 * nothing, which holds while attribute values are quoted, as React always quotes them.
 */
const REACTS_VOID_SLASH = "Trailing slash on void elements has no effect";
/**
 * The one warning kept on purpose: another site's booking page in the Book Now frame runs
 * its own scripts with its own cookies (allow-scripts and allow-same-origin), and being of
 * another origin it cannot reach this page to lift its sandbox, which is what the checker
 * warns of. The club's own booking page, of this origin, is framed without scripts.
 */
const ANOTHER_SITES_FRAME = /allow-scripts” and “allow-same-origin”/;

function isAnotherSitesFrame(message: { message: string; extract?: string }, base: string): boolean {
  const src = /<iframe[^>]*\ssrc="([^"]+)"/.exec(message.extract ?? "")?.[1];
  return ANOTHER_SITES_FRAME.test(message.message) && src !== undefined && new URL(src, base).origin !== base;
}
const MOST_PAGES = 400;
/** Addresses that are not pages: the admin, the /api, files, feeds and calendars. */
const NOT_A_PAGE = /^\/(admin|api|objects|build)(\/|$)|\.(xml|ics|txt|json|csv|webp|jpe?g|png|gif|svg|ico)(\?|$)/;

function vnuJar(): string {
  const cache = join(tmpdir(), `club-vnu-${VNU_VERSION}`);
  const jar = join(cache, "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
  if (!existsSync(jar)) {
    mkdirSync(cache, { recursive: true });
    console.log(`Fetching vnu-jar ${VNU_VERSION} into ${cache}…`);
    execFileSync("npm", ["install", "--prefix", cache, "--no-save", "--no-audit", `vnu-jar@${VNU_VERSION}`], {
      stdio: "inherit",
    });
  }
  return jar;
}

/** The site's own page addresses a page links to. */
function linksOf(html: string, base: string): string[] {
  const found: string[] = [];
  for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]+)"/g)) {
    const url = new URL(href.replaceAll("&amp;", "&"), base);
    if (url.origin !== new URL(base).origin || NOT_A_PAGE.test(url.pathname)) continue;
    found.push(url.pathname + url.search);
  }
  return found;
}

async function signedInToken(base: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** An event booked on the site and one family's booking of it: the booking's private page. */
async function bookingPage(base: string, token: string): Promise<string> {
  const created = await fetch(`${base}/api/admin/events`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Den building in the woods",
      date: new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString(),
      comment: "Bring wellies.\n\nSquash and biscuits provided.",
      location: "Forest School gate",
      bookingUrl: "https://example.org/book",
      booking: { mode: "site", places: 12 },
    }),
  });
  const { id } = (await created.json()) as { id: number };
  const booked = await fetch(`${base}/api/events/${id}/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Sam Taylor", email: "sam@example.org", adults: 1, children: 2 }),
  });
  return new URL(((await booked.json()) as { url: string }).url).pathname;
}

async function main() {
  const password = "validate-html-password";
  const dataDir = mkdtempSync(join(tmpdir(), "club-validate-html-"));
  const pagesDir = mkdtempSync(join(tmpdir(), "club-validate-pages-"));
  const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: password }, { compiled: true });
  try {
    const token = await signedInToken(server.base, password);
    const queue = ["/", "/search?q=club", "/subscribe", "/no-such-page", await bookingPage(server.base, token)];
    const seen = new Set(queue);
    const files = new Map<string, string>();
    while (queue.length > 0 && files.size < MOST_PAGES) {
      const path = queue.shift()!;
      const response = await fetch(`${server.base}${path}`, { redirect: "manual" });
      if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) continue;
      const html = await response.text();
      const file = join(pagesDir, `page-${files.size}.html`);
      writeFileSync(file, html);
      files.set(file, path);
      for (const link of linksOf(html, server.base)) {
        if (!seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      }
    }
    if (process.env.VALIDATE_LIST) console.log([...files.values()].join("\n"));
    console.log(`Checking ${files.size} pages with the Nu HTML checker ${VNU_VERSION}…`);
    let report = "";
    try {
      report = execFileSync("java", ["-jar", vnuJar(), "--format", "json", "--stdout", ...files.keys()], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      // vnu exits 1 when it finds an error (0 with only warnings); its report is on stdout either way.
      report = (error as { stdout?: string }).stdout ?? "";
      if (!report) throw error;
    }
    const messages = (
      report
        ? (
            JSON.parse(report) as {
              messages: { url: string; type: string; subType?: string; message: string; extract?: string }[];
            }
          ).messages
        : []
    ).filter((message) => !message.message.startsWith(REACTS_VOID_SLASH));
    const kept = messages.filter((message) => isAnotherSitesFrame(message, server.base));
    const said = messages.filter((message) => !isAnotherSitesFrame(message, server.base));
    for (const message of said) {
      const file = decodeURIComponent(new URL(message.url).pathname);
      const kind = message.subType ? `${message.type} (${message.subType})` : message.type;
      console.log(`${files.get(file) ?? file}: ${kind}: ${message.message}\n    ${message.extract ?? ""}`);
    }
    console.log(
      `${files.size} pages, ${said.length} message${said.length === 1 ? "" : "s"}` +
        ` (and ${kept.length} on another site's booking frame, kept on purpose: scripts/validate-html.ts says why).`,
    );
    process.exitCode = said.length === 0 ? 0 : 1;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pagesDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
