import { sql } from "kysely";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { isPrivateRequest } from "../../common/private-request";
import { describeFault } from "../../common/log-line";
import type { ContentVersion } from "../store/content-version";
import { isDiskFull } from "../store/disk-full";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../store/unavailable";
import type { ApiDeps, ApiEnv } from "./lib/context";
import { ApiError, type ErrorBody } from "./lib/errors";
import { OUT_OF_SPACE_MESSAGE, outOfSpaceLog, unavailableLog } from "./lib/episode-logs";
import { accountRoutes } from "./routes/account";
import { albumRoutes } from "./routes/albums";
import { authRoutes } from "./routes/auth";
import { bookingAdminRoutes } from "./routes/bookings-admin";
import { bookingRoutes } from "./routes/bookings";
import { eventRoutes } from "./routes/events";
import { galleryRoutes } from "./routes/gallery";
import { galleryBlurRoutes } from "./routes/gallery-blur";
import { galleryUnlockRoutes } from "./routes/gallery-unlock";
import { galleryFollowUpRoutes } from "./routes/gallery-follow-up";
import { joinRoutes } from "./routes/join";
import { mailAdminRoutes } from "./routes/mail-admin";
import { newsRoutes } from "./routes/news";
import { objectRoutes } from "./routes/objects";
import { pageRoutes } from "./routes/pages";
import { publishingRoutes } from "./routes/publishing";
import { peopleRoutes } from "./routes/people";
import { passkeyRoutes } from "./routes/passkeys";
import { uploadRoutes } from "./routes/uploads";
import { activityRoutes } from "./routes/activity";
import { searchRoutes } from "./routes/search";
import { subscriptionRoutes } from "./routes/subscriptions";
import { termRoutes } from "./routes/terms";
import { twoFactorRoutes } from "./routes/two-factor";

const INTERNAL_ERROR = "Something went wrong on our side. Please try again.";
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The /api and /objects as one Hono app over a store that is already open and migrated
 * (ops/start-up.ts does that): the content version moved by every write, the no-store
 * rule for an administrator's answers, the health check, the routes, and every error
 * turned into the contract's `{ message, field? }`.
 */
export function buildHttpApp(deps: ApiDeps, contentVersion: ContentVersion): Hono<ApiEnv> {
  const { store } = deps;
  const outOfSpace = outOfSpaceLog();
  const unavailable = unavailableLog();
  const app = new Hono<ApiEnv>();
  app.use("*", async (c, next) => {
    // Counted on the way in too, so a page rendered while a write runs is never kept.
    const writing = !READ_METHODS.has(c.req.method);
    if (writing) await contentVersion.bump();
    await next();
    if (c.res.status < 500) unavailable.ended();
    if (!writing) return;
    // The write is done whatever happens here; a counter that could not move leaves
    // pages kept at most their few seconds.
    await contentVersion.bump().catch(() => undefined);
    // A write that went through ends a full-disk episode (lib/episode-logs.ts).
    if (c.res.status < 400) outOfSpace.ended();
  });
  // Answers to an administrator (tokens, signed upload URLs, drafts) and those read with
  // the gallery passphrase's cookie are never kept by a cache (common/private-request.ts).
  app.use("/api/*", async (c, next) => {
    await next();
    if (isPrivateRequest(c.req.raw)) c.res.headers.set("Cache-Control", "private, no-store");
  });
  // Asks the database, so a load balancer sends no one to an instance that cannot reach it.
  app.get("/api/health", async (c) => {
    await sql`select 1`.execute(store.db);
    return c.json({ status: "ok" });
  });
  app.route("/api", authRoutes(deps));
  app.route("/api", accountRoutes(deps));
  app.route("/api", peopleRoutes(deps));
  app.route("/api", joinRoutes(deps));
  app.route("/api", newsRoutes(deps));
  // Before the events' own: /events/availability is not the event "availability".
  app.route("/api", bookingRoutes(deps));
  app.route("/api", bookingAdminRoutes(deps));
  app.route("/api", eventRoutes(deps));
  // Before the gallery's own: /admin/gallery/follow-up is not an image id.
  app.route("/api", galleryFollowUpRoutes(deps));
  app.route("/api", galleryRoutes(deps));
  app.route("/api", galleryBlurRoutes(deps));
  app.route("/api", galleryUnlockRoutes(deps));
  app.route("/api", pageRoutes(deps));
  app.route("/api", publishingRoutes(deps));
  app.route("/api", uploadRoutes(deps));
  app.route("/api", activityRoutes(deps));
  app.route("/api", passkeyRoutes(deps));
  app.route("/api", twoFactorRoutes(deps));
  app.route("/api", albumRoutes(deps));
  app.route("/api", mailAdminRoutes(deps));
  app.route("/api", subscriptionRoutes(deps));
  app.route("/api", searchRoutes(deps));
  app.route("/api", termRoutes(deps));
  app.route("/objects", objectRoutes(deps));

  app.notFound((c) => c.json<ErrorBody>({ message: "Not found" }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      return c.json(err.body, err.status);
    }
    if (isDatabaseUnavailable(err)) {
      unavailable.failed(err);
      c.header("Retry-After", "5");
      return c.json<ErrorBody>({ message: DATABASE_UNAVAILABLE_MESSAGE }, 503);
    }
    if (isDiskFull(err)) {
      outOfSpace.failed(err);
      return c.json<ErrorBody>({ message: OUT_OF_SPACE_MESSAGE }, 507);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json<ErrorBody>({ message: status >= 500 ? INTERNAL_ERROR : err.message || "Bad request" }, status);
    }
    console.error(`[api] unhandled error: ${describeFault(err)}`);
    return c.json<ErrorBody>({ message: INTERNAL_ERROR }, 500);
  });

  return app;
}
