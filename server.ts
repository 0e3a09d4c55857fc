/**
 * One Node process: static build files, the embedded /api and /objects, and the Remix
 * app for everything else (docs/architecture.md, 'The shape in one picture'). Configuration comes from the environment,
 * validated once here; a bad value stops the start with a message naming it.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve, type HttpBindings } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import {
  clientAddress,
  createApi,
  OperatorError,
  postgresSettingsOf,
  prepareDataDir,
  redactedUrl,
  stopGracefullyOnSignals,
} from "./api";
import { dkimSettings, EnvError, mailFrom, parseEnv, sessionSecret } from "./common/config";
import { describeFault, oneLine } from "./common/log-line";
import { originNamesAnotherHost, ownOrigins, siteOrigin } from "./app/lib/security/origin.server";
import { notModified } from "./app/lib/public/conditional.server";
import { isCacheableRequest, PageCache } from "./app/lib/public/page-cache.server";
import {
  createNonce,
  CROSS_SITE_PAGE,
  isCrossSiteRequest,
  PRIVATE_NO_STORE,
  securityHeaders,
} from "./app/lib/security/headers.server";
import { isAdminPath } from "./common/paths";
import { oneClickUnsubscribe } from "./app/lib/security/one-click.server";
import { withSessionToken } from "./app/lib/security/session.server";
import { maxRequestBytes, SERVER_TIMEOUTS } from "./app/lib/request-limits";
import { hasBody, OpenBodies, TOO_MANY_BODIES } from "./app/lib/security/open-bodies.server";

type ServerEnv = { Bindings: HttpBindings; Variables: { cspNonce: string } };

const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";
const HOUR = "public, max-age=3600";

/** Cache lifetime, and Vary for every compressible file: its bytes depend on Accept-Encoding. */
function staticHeaders(cacheControl: string) {
  return (_path: string, c: Context<ServerEnv>) => {
    c.header("Cache-Control", cacheControl);
    if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(c.res.headers.get("Content-Type") ?? "")) {
      c.header("Vary", "Accept-Encoding");
    }
  };
}

async function main() {
  const config = parseEnv(process.env);
  const production = config.NODE_ENV === "production";
  // React picks its build from process.env when the Remix build loads it: without this,
  // an unset NODE_ENV (production by default here) got React's development build, which
  // is larger in memory and slower to render.
  process.env.NODE_ENV = config.NODE_ENV;
  // On PostgreSQL everything is in the database (SESSION_SECRET is then required), and
  // DATA_DIR is neither needed nor written.
  const postgres = config.API_URL ? undefined : postgresSettingsOf(config);
  // One line naming the directory when it is missing and cannot be made, or is read-only.
  const dataDir = postgres ? null : prepareDataDir(config.DATA_DIR);

  // Made now, before any request, so a DATA_DIR that cannot hold it stops the start.
  const secret = sessionSecret({ ...config, DATA_DIR: dataDir ?? config.DATA_DIR });

  // E-mail (docs/product.md, 'E-mail'): set up only with SMTP_URL; the DKIM key is read now,
  // so a wrong file stops the start instead of every message later.
  const origin = siteOrigin();
  const from = mailFrom(config, origin);
  const dkim = dkimSettings(config, from);
  const mail = {
    configured: Boolean(config.SMTP_URL),
    from,
    replyTo: config.MAIL_REPLY_TO ?? null,
    siteName: config.SITE_NAME,
    siteUrl: origin,
    postDelayMinutes: config.MAIL_POST_DELAY_MINUTES,
    timeZone: config.SITE_TIME_ZONE,
  };
  const mailSender = config.SMTP_URL
    ? { smtpUrl: config.SMTP_URL, dkim, ratePerMinute: config.MAIL_RATE_PER_MINUTE }
    : undefined;

  const api = config.API_URL
    ? null
    : await createApi({
        dataDir,
        postgres,
        adminUsername: config.ADMIN_USERNAME,
        adminPassword: config.ADMIN_PASSWORD,
        seedDemo: config.SEED_DEMO,
        trustProxy: config.TRUST_PROXY,
        signingSecret: secret,
        backupKeep: config.BACKUP_KEEP,
        siteOrigin: origin,
        mail,
        mailSender,
        bookingRetentionDays: config.BOOKING_RETENTION_DAYS,
        onGeneratedPassword: (username, password) =>
          console.log(
            `\nCreated the administrator "${username}" with the password:\n\n    ${password}\n\n` +
              "It is shown only this once. Change it with: npm run admin -- set-password\n",
          ),
      });

  const build = (await import(pathToFileURL(resolve("build/index.js")).href)) as ServerBuild;
  const handleRemix = createRequestHandler(build, production ? "production" : "development");

  const app = new Hono<ServerEnv>();

  app.use("*", async (c, next) => {
    const nonce = createNonce();
    c.set("cspNonce", nonce);
    await next();
    for (const [name, value] of Object.entries(securityHeaders(nonce, production, c.req.path))) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });

  // A client address sends a few bodies at once at most, each arriving at a least rate
  // (app/lib/security/open-bodies.server.ts), so slow senders cannot hold the server.
  const openBodies = new OpenBodies();
  app.use("*", async (c, next) => {
    const { incoming, outgoing } = c.env;
    if (!incoming || !hasBody(incoming)) return next();
    if (openBodies.admit(clientAddress(c, config.TRUST_PROXY), incoming, outgoing)) return next();
    return c.text(TOO_MANY_BODIES, 429, { "Retry-After": "10", Connection: "close" });
  });

  // An answer with an ETag (the feeds) is revalidated here, for kept and fresh answers
  // alike and with API_URL too. Outside the compressor, so a 304 carries the very tag
  // (weak once gzipped) that the client was sent with the full answer.
  app.use("*", async (c, next) => {
    await next();
    const unchanged = notModified(c.req.raw, c.res);
    if (!unchanged) return;
    await c.res.body?.cancel();
    // Hono copies the old answer's headers onto a new one; the 304 keeps only its own.
    c.res = unchanged;
    for (const name of [...c.res.headers.keys()]) {
      if (!unchanged.headers.has(name)) c.res.headers.delete(name);
    }
  });

  // Text answers are compressed when the browser takes it; files in public/ were
  // compressed at build time (scripts/compress-static.mjs) and go out as they are.
  app.use("*", compress());
  // Fingerprinted build output: cache for a year. Other public/ files: an hour.
  app.use("/build/*", serveStatic({ root: "./public", precompressed: true, onFound: staticHeaders(YEAR_IMMUTABLE) }));
  app.use("*", serveStatic({ root: "./public", precompressed: true, onFound: staticHeaders(HOUR) }));

  if (api) {
    app.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
    // An administrator's session stands for their token there (parents-only albums' files).
    app.all("/objects/*", async (c) => api.fetch(await withSessionToken(c.req.raw), c.env));
  }

  // Every write to the Remix app comes from our own pages (docs/architecture.md, 'Security baseline'), checked before
  // its body is read, but for a mail provider's one-click unsubscribe (RFC 8058), whose
  // few bytes are read to tell; and no cache keeps what the admin area answers.
  app.use("*", async (c, next) => {
    if (isCrossSiteRequest(c.req.raw, ownOrigins(c.req.raw))) {
      const oneClick = await oneClickUnsubscribe(c.req.raw);
      if (!oneClick) return c.html(CROSS_SITE_PAGE, 403);
      c.req.raw = oneClick;
    } else if (originNamesAnotherHost(c.req.raw)) {
      console.warn(oneLine(`Refused ${c.req.method} ${c.req.path}: its Origin names another host than it was sent to`));
      return c.html(CROSS_SITE_PAGE, 403);
    }
    await next();
    if (isAdminPath(c.req.path)) c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
  });

  // Bodies bound for Remix are capped before anything reads them (docs/architecture.md, 'Security baseline').
  const tooLarge = (c: { text: (body: string, status: 413) => Response }) =>
    c.text("That form is too large to send.", 413);
  app.use("*", (c, next) => bodyLimit({ maxSize: maxRequestBytes(c.req.path), onError: tooLarge })(c, next));

  // Public pages are kept a few seconds and the feeds five minutes (their max-age), and
  // only while no write has happened since (app/lib/public/page-cache.server.ts). Only
  // with the embedded API: an upstream at API_URL may be written by others, and nothing
  // here would hear of it. With several instances on one PostgreSQL database, the
  // content version is read from it, so a change made through any instance shows at
  // every instance's next load.
  const pages = api
    ? new PageCache({ maxAgeMs: 5_000, maxSharedAgeMs: 300_000, maxEntries: 200, maxChars: 8 * 1024 * 1024 })
    : null;

  app.all("*", async (c) => {
    const nonce = c.get("cspNonce");
    // By path and query alone: the Host header is the sender's to choose.
    const key =
      pages && (await isCacheableRequest(c.req.raw)) ? c.req.url.slice(new URL(c.req.url).origin.length) : null;
    // Read before the lookup and the render, so a write during the render makes it stale.
    const version = pages && key && api ? await api.contentVersion() : 0;
    if (pages && key) {
      const cached = pages.get(key, nonce, version);
      if (cached) return cached;
    }
    const visitor = clientAddress(c, config.TRUST_PROXY);
    const response = await handleRemix(c.req.raw, {
      cspNonce: nonce,
      clientAddress: visitor,
      userAgent: c.req.header("user-agent"),
      // In-process calls name the visitor, so the API's login throttle counts the real client.
      apiFetch: api ? (request: Request) => api.fetch(request, { clientAddress: visitor }) : undefined,
    });
    return pages && key ? pages.put(key, response, nonce, version) : response;
  });

  app.onError((error, c) => {
    console.error(describeFault(error));
    return c.text("Internal Server Error", 500);
  });

  const server = serve(
    { fetch: app.fetch, port: config.PORT, hostname: config.HOST, serverOptions: SERVER_TIMEOUTS },
    (info) => {
      const data = postgres ? `PostgreSQL at ${redactedUrl(postgres.DATABASE_URL)}` : dataDir;
      const where = config.API_URL ? `upstream ${config.API_URL}` : `embedded API, data in ${data}`;
      console.log(`Serving on http://localhost:${info.port} (${where})`);
    },
  );

  server.once("error", (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === "EADDRINUSE" ? "is already in use" : `cannot be listened on (${error.code ?? error.message})`;
    console.error(`Port ${config.PORT} on ${config.HOST} ${reason}.`);
    process.exit(1);
  });
  // Drains and exits within 10 s; closes the database and releases DATA_DIR last.
  stopGracefullyOnSignals(server, { cleanup: async () => api?.close() });
}

main().catch((error: unknown) => {
  // Configuration and operator errors are complete sentences; anything else needs its stack.
  console.error(error instanceof EnvError || error instanceof OperatorError ? error.message : error);
  process.exit(1);
});
