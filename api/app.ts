import { sql } from "kysely";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describeFault } from "../common/log-line";
import type { ApiDeps, ApiEnv } from "./lib/context";
import type { NodeBindings } from "./lib/client-address";
import { ApiError, type ErrorBody } from "./lib/errors";
import { HashGate, type GateLimits } from "./lib/hash-gate";
import { OperatorError } from "./lib/operator-error";
import { OUT_OF_SPACE_MESSAGE, OutOfSpaceLog } from "./lib/out-of-space";
import { DEFAULT_SCRYPT_COST, generatePassword, hashPassword } from "./lib/passwords";
import { UnavailableLog } from "./lib/unavailable-log";
import { authRoutes } from "./routes/auth";
import { eventRoutes } from "./routes/events";
import { galleryRoutes } from "./routes/gallery";
import { newsRoutes } from "./routes/news";
import { objectRoutes } from "./routes/objects";
import { pageRoutes } from "./routes/pages";
import { uploadRoutes } from "./routes/uploads";
import { ensureAdminUser } from "./store/admin-user";
import { lockFilePath, tryLockDataDir, type DataDirLock } from "./store/data-dir-lock";
import { contentVersionOf } from "./store/content-version";
import { openStore, type Store } from "./store/db";
import { isDiskFull } from "./store/disk-full";
import { migrateToLatest } from "./store/migrations";
import { cannotReach, type PostgresSettings } from "./store/postgres";
import { seedDemoIfEmpty } from "./store/seed";
import { startDailySnapshots, type DailySnapshots } from "./store/snapshots";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./store/unavailable";

export { clientAddress } from "./lib/client-address";
export { prepareDataDir } from "./lib/data-dir";
export { stopGracefullyOnSignals } from "./lib/graceful-shutdown";
export { postgresSettingsOf, redactedUrl } from "./store/postgres";
export { OperatorError };

export interface ApiOptions {
  /** Directory for the SQLite file (data.sqlite); null => in-memory database (tests). */
  dataDir: string | null;
  /** PostgreSQL instead of SQLite (DATABASE_URL): dataDir is then not used at all. */
  postgres?: PostgresSettings;
  adminUsername: string;
  /** If unset and the user does not exist, a random one is made and reported via onGeneratedPassword. */
  adminPassword?: string;
  /** Seed demo content on an empty database. */
  seedDemo: boolean;
  /** If true, the client address comes from X-Forwarded-For, else from the socket. */
  trustProxy: boolean;
  /** HMAC secret for presigned upload URLs. */
  signingSecret: string;
  /** Injectable clock (token expiry, upload URL expiry, login throttle window). */
  now?: () => Date;
  onGeneratedPassword?: (username: string, password: string) => void;
  /** scrypt N; default 2^17. Tests may lower it for speed. */
  scryptCost?: number;
  /** How many password hashes may run and wait at once; see lib/hash-gate.ts. */
  hashLimits?: GateLimits;
  /** Daily snapshots kept in dataDir/backups (BACKUP_KEEP); unset or 0: none taken. SQLite only. */
  backupKeep?: number;
}

export interface Api {
  app: Hono<ApiEnv>;
  fetch: (req: Request, env?: unknown) => Promise<Response>;
  /** The data behind it, for operations and for tests that need to reach under the API. */
  store: Store;
  /**
   * Changes whenever a request may have written anything, here or at another instance
   * sharing the database, so a cache of what was read can tell it is stale (the public
   * page cache in server.ts).
   */
  contentVersion(): Promise<number>;
  close(): Promise<void>;
}

const INTERNAL_ERROR = "Something went wrong on our side. Please try again.";
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** One process at a time serves a DATA_DIR (see store/data-dir-lock.ts); none to claim in memory. */
function claimDataDir(dataDir: string | null): DataDirLock | null {
  if (dataDir === null) return null;
  const lock = tryLockDataDir(dataDir);
  if (!lock) {
    throw new OperatorError(
      `DATA_DIR ${dataDir} is in use by another running server or a restore (it holds the lock on ${lockFilePath(dataDir)}).`,
    );
  }
  return lock;
}

export async function createApi(options: ApiOptions): Promise<Api> {
  const now = options.now ?? (() => new Date());
  const cost = options.scryptCost ?? DEFAULT_SCRYPT_COST;
  // PostgreSQL is shared by design: no DATA_DIR to claim, nothing written there.
  const lock = options.postgres ? null : claimDataDir(options.dataDir);
  let store: Store;
  try {
    store = openStore(options.postgres ? { postgres: options.postgres } : { dataDir: options.dataDir });
  } catch (err) {
    lock?.release();
    throw err;
  }

  try {
    await migrateToLatest(store.db);
    const generated = await store.exclusively(async () => {
      const made = await ensureAdminUser(store.db, options.adminUsername, options.adminPassword, cost, now());
      if (options.seedDemo) await seedDemoIfEmpty(store.db, now());
      return made;
    });
    if (generated) options.onGeneratedPassword?.(options.adminUsername, generated);
  } catch (err) {
    await store.db.destroy();
    lock?.release();
    throw options.postgres ? cannotReach(options.postgres.DATABASE_URL, err) : err;
  }

  // Made up front so the first login for an unknown user costs no more than any other.
  const dummyHash = hashPassword(generatePassword(), cost);
  dummyHash.catch(() => undefined);
  const deps: ApiDeps = {
    store,
    now,
    trustProxy: options.trustProxy,
    signingSecret: options.signingSecret,
    dummyPasswordHash: () => dummyHash,
    hashGate: new HashGate(options.hashLimits),
  };

  const outOfSpace = new OutOfSpaceLog();
  const unavailable = new UnavailableLog();
  const contentVersion = contentVersionOf(store);
  const app = new Hono<ApiEnv>();
  app.use("*", async (c, next) => {
    // Counted on the way in too, so a page rendered while a write runs is never kept.
    const writing = !READ_METHODS.has(c.req.method);
    if (writing) await contentVersion.bump();
    await next();
    if (c.res.status < 500) unavailable.answered();
    if (!writing) return;
    // The write is done whatever happens here; a counter that could not move leaves
    // pages kept at most their few seconds.
    await contentVersion.bump().catch(() => undefined);
    // A write that went through ends a full-disk episode (lib/out-of-space.ts).
    if (c.res.status < 400) outOfSpace.writeSucceeded();
  });
  // Answers to an administrator (tokens, signed upload URLs, drafts) are never kept by a cache.
  app.use("/api/*", async (c, next) => {
    await next();
    if (c.req.path.startsWith("/api/admin/") || c.req.header("authorization")) {
      c.res.headers.set("Cache-Control", "private, no-store");
    }
  });
  // Asks the database, so a load balancer sends no one to an instance that cannot reach it.
  app.get("/api/health", async (c) => {
    await sql`select 1`.execute(store.db);
    return c.json({ status: "ok" });
  });
  app.route("/api", authRoutes(deps));
  app.route("/api", newsRoutes(deps));
  app.route("/api", eventRoutes(deps));
  app.route("/api", galleryRoutes(deps));
  app.route("/api", pageRoutes(deps));
  app.route("/api", uploadRoutes(deps));
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
      outOfSpace.writeRefused(err);
      return c.json<ErrorBody>({ message: OUT_OF_SPACE_MESSAGE }, 507);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json<ErrorBody>({ message: status >= 500 ? INTERNAL_ERROR : err.message || "Bad request" }, status);
    }
    console.error(`[api] unhandled error: ${describeFault(err)}`);
    return c.json<ErrorBody>({ message: INTERNAL_ERROR }, 500);
  });

  const snapshots: DailySnapshots | null =
    store.dialect === "sqlite" && options.dataDir !== null && options.backupKeep
      ? startDailySnapshots({ store, dataDir: options.dataDir, keep: options.backupKeep, now, log: console.log })
      : null;

  return {
    app,
    fetch: async (req, env) => app.fetch(req, env as NodeBindings | undefined),
    store,
    contentVersion: () => contentVersion.current(),
    close: async () => {
      await snapshots?.stop();
      await store.db.destroy();
      lock?.release();
    },
  };
}
