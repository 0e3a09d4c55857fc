/**
 * Starting the /api: claim DATA_DIR, open and migrate the store, make the administrator
 * and the demo content when missing, build the HTTP app on it (http/app.ts), take
 * the daily snapshots and prune the record of changes daily; close() undoes it all.
 */
import type { Hono } from "hono";
import { buildHttpApp } from "../http/app";
import { makeMailRoundSteps } from "../mail/round-steps";
import { startMailSender, type MailSender, type SenderSettings, type SenderStep } from "../mail/sender";
import { unconfiguredMail, type MailDeps, type MailSettings } from "../mail/settings";
import type { NodeBindings } from "../http/lib/client-address";
import type { ApiDeps, ApiEnv } from "../http/lib/context";
import { HashGate, type GateLimits } from "../http/lib/hash-gate";
import { DEFAULT_SCRYPT_COST, generatePassword, hashPassword } from "../http/lib/passwords";
import { contentVersionOf } from "../store/content-version";
import { announcePublished, startPublicationWatch } from "./publication-watch";
import type { Store } from "../store/db";
import { migrateToLatest } from "../store/migrations";
import type { PostgresSettings } from "../store/postgres";
import { startDailyMaintenance } from "./activity-pruning";
import { startSeriesUpkeep } from "./series-upkeep";
import { ensureAdminUser } from "./admin-user";
import { lockFilePath, tryLockDataDir, type DataDirLock } from "./data-dir-lock";
import { openStore } from "./open-store";
import { OperatorError } from "./operator-error";
import { cannotReach } from "./postgres-start";
import { seedDemoIfEmpty } from "./seed";
import { startDailySnapshots, type DailySnapshots } from "./snapshots";

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
  /** How many password hashes may run and wait at once; see http/lib/hash-gate.ts. */
  hashLimits?: GateLimits;
  /** A gate of the caller's instead (hashLimits is then unused): a test can hold its slots. */
  hashGate?: HashGate;
  /** The site's address in browsers (SITE_URL, else http://localhost:PORT); default http://localhost. */
  siteOrigin?: string;
  /** Daily snapshots kept in dataDir/backups (BACKUP_KEEP); unset or 0: none taken. SQLite only. */
  backupKeep?: number;
  /** E-mail's settings (SMTP_URL, MAIL_FROM…); unset: not set up, messages are kept unsent. */
  mail?: MailSettings;
  /** How to reach the mail server (SMTP_URL, DKIM, the rate); unset: nothing is sent. */
  mailSender?: SenderSettings;
  /** How often the sender looks for due mail unasked (ms; default 5 s); null: only when woken or run (tests). */
  mailPollMs?: number | null;
  /** BOOKING_RETENTION_DAYS: days after an event its bookings' names and addresses are kept; default 30. */
  bookingRetentionDays?: number;
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
  /** Announces the scheduled items whose time has come (see publication-watch.ts); tests call it with the clock moved. */
  announcePublished(): Promise<number>;
  /** The e-mail sender working in this process; tests run its rounds themselves. */
  mailSender: MailSender;
  close(): Promise<void>;
}

/** docs/product.md, 'Bookings': BOOKING_RETENTION_DAYS' default. */
const DEFAULT_BOOKING_RETENTION_DAYS = 30;

/** One process at a time serves a DATA_DIR (see data-dir-lock.ts); none to claim in memory. */
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
  const mailSettings = options.mail ?? unconfiguredMail(options.siteOrigin ?? "http://localhost");
  // The sender is made below, with the steps that may wake it: a step runs only in a round.
  let wakeSender = () => {};
  const mail: MailDeps = { settings: mailSettings, wake: () => wakeSender() };
  // Each round turns the due messages to many (posts as they are posted, the digest) into outbox rows first.
  const senderSteps: SenderStep[] = makeMailRoundSteps().map((step) => async () => {
    await step({ db: store.db, mail, now });
  });
  const mailSender = startMailSender({
    db: store.db,
    settings: mailSettings,
    sender: options.mailSender ?? null,
    pollMs: options.mailPollMs,
    steps: senderSteps,
    soleProcess: store.dialect === "sqlite",
    now,
    log: console.log,
  });
  wakeSender = () => mailSender.wake();
  const deps: ApiDeps = {
    store,
    now,
    trustProxy: options.trustProxy,
    signingSecret: options.signingSecret,
    dummyPasswordHash: () => dummyHash,
    passwordCost: cost,
    hashGate: options.hashGate ?? new HashGate(options.hashLimits),
    siteOrigin: options.siteOrigin ?? "http://localhost",
    mail,
    bookingRetentionDays: options.bookingRetentionDays ?? DEFAULT_BOOKING_RETENTION_DAYS,
  };

  const contentVersion = contentVersionOf(store);
  const app = buildHttpApp(deps, contentVersion);

  const snapshots: DailySnapshots | null =
    store.dialect === "sqlite" && options.dataDir !== null && options.backupKeep
      ? startDailySnapshots({ store, dataDir: options.dataDir, keep: options.backupKeep, now, log: console.log })
      : null;

  const maintenance = startDailyMaintenance({
    db: store.db,
    now,
    log: console.log,
    bookingRetentionDays: deps.bookingRetentionDays,
  });

  const publicationWatch = startPublicationWatch({ db: store.db, contentVersion, now, log: console.log });
  const seriesUpkeep = startSeriesUpkeep({
    db: store.db,
    contentVersion,
    timeZone: mail.settings.timeZone,
    now,
    log: console.log,
  });

  return {
    app,
    fetch: async (req, env) => app.fetch(req, env as NodeBindings | undefined),
    announcePublished: () => announcePublished(store.db, contentVersion, now()),
    store,
    contentVersion: () => contentVersion.current(),
    mailSender,
    close: async () => {
      await mailSender.stop();
      await snapshots?.stop();
      await maintenance.stop();
      await publicationWatch.stop();
      await seriesUpkeep.stop();
      await store.db.destroy();
      lock?.release();
    },
  };
}
