import { createPrivateKey, randomBytes } from "node:crypto";
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * The process's whole configuration, from the environment, validated once: the one
 * owner of every setting. server.ts reads it at start (a bad value stops the start with
 * a message naming it); the Remix app reads the settings it needs from the same place,
 * whether under server.ts or alone under remix-serve.
 */
const flag = (fallback: boolean) =>
  z
    .enum(["0", "1", "true", "false", "yes", "no"], { message: "must be 0 or 1" })
    .optional()
    .transform((value) => (value === undefined ? fallback : ["1", "true", "yes"].includes(value)));

const optionalUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional();

const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: "must be an IANA time zone such as Europe/London" },
);

const milliseconds = (fallback: number) =>
  z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int({ message: "must be a whole number of milliseconds" })
    .min(1, { message: "must be at least 1 (milliseconds)" })
    .default(fallback);

/** Only PostgreSQL URLs: anything else would fail later, further from the mistake. */
const databaseUrl = z
  .url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// URL, e.g. postgres://club@localhost:5432/club" })
  .optional();

/**
 * Where the data lives: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR.
 * Also read on their own by `npm run admin`, which needs no session secret.
 */
const databaseFields = {
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: databaseUrl,
  /** Connections each process keeps open at most. */
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: "must be a whole number" })
    .int({ message: "must be a whole number" })
    .min(1, { message: "must be at least 1" })
    .max(100, { message: "must be at most 100" })
    .default(10),
  /** How long a request waits for a connection before it is answered 503. */
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  /** How long one statement may run before it is cancelled. */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(15_000),
  /** An idle connection is closed after this long. */
  DATABASE_IDLE_TIMEOUT_MS: milliseconds(30_000),
};

const databaseSchema = z.object(databaseFields);
export type DatabaseSettings = z.infer<typeof databaseSchema>;

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: "must be a whole number" })
    .int({ message: "must be a whole number" })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);

const address = z
  .email({ message: "must be an e-mail address, e.g. club@example.org" })
  .max(254, { message: "must be at most 254 characters" })
  .optional();

/**
 * E-mail (docs/product.md, 'E-mail'): without SMTP_URL nothing is sent and messages are
 * kept; MAIL_FROM's domain names the Message-IDs and is the DKIM signing domain.
 */
const mailFields = {
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      message: "must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587",
    })
    .optional(),
  MAIL_FROM: address,
  MAIL_REPLY_TO: address,
  DKIM_SELECTOR: z
    .string()
    .regex(/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/, {
      message: "must be a DNS label such as club2026 (letters, digits, hyphens)",
    })
    .optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  MAIL_RATE_PER_MINUTE: wholeNumber(1, 10_000, 60),
  MAIL_POST_DELAY_MINUTES: wholeNumber(0, 1_440, 10),
  /** docs/product.md, 'Bookings': names and addresses are deleted this many days after the event. */
  BOOKING_RETENTION_DAYS: wholeNumber(1, 3_650, 30),
};

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  ...databaseFields,
  API_URL: optionalUrl,
  ADMIN_USERNAME: z.string().min(1).max(64).default("admin"),
  ADMIN_PASSWORD: z.string().min(8, { message: "must be at least 8 characters" }).optional(),
  SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  SEED_DEMO: flag(true),
  TRUST_PROXY: flag(false),
  BACKUP_KEEP: z.coerce
    .number({ message: "must be a whole number" })
    .int({ message: "must be a whole number" })
    .min(0, { message: "must be 0 (no daily snapshots) or more" })
    .default(7),
  SITE_NAME: z.string().min(1).default("Oakfield Primary Dads' Club"),
  SITE_URL: optionalUrl,
  SITE_TIME_ZONE: timeZone.default("Europe/London"),
  MESSAGING_GROUP_URL: optionalUrl.default("https://chat.whatsapp.com/oakfield-dads"),
  SOCIAL_GROUP_URL: optionalUrl.default("https://www.facebook.com/groups/oakfield-dads"),
  CONTACT_EMAIL: z.email({ message: "must be an e-mail address" }).default("dads@oakfield.example"),
  ...mailFields,
});

const checkedEnvSchema = envSchema.superRefine((config, ctx) => {
  // Every instance sharing the database must sign and check cookies and upload URLs
  // with one key. Kept in DATA_DIR it would differ per machine; kept in the database it
  // would travel in every dump and be readable by anyone who may read the data; and the
  // web app reads it synchronously at start. So with DATABASE_URL it is configuration.
  if (config.DATABASE_URL && !config.SESSION_SECRET && !config.API_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["SESSION_SECRET"],
      message: "must be set when DATABASE_URL is: every instance sharing the database needs the same one",
    });
  }
  // A signature needs both the selector (the DNS name of the public key) and the key.
  if (Boolean(config.DKIM_SELECTOR) !== Boolean(config.DKIM_PRIVATE_KEY_FILE)) {
    const missing = config.DKIM_SELECTOR ? "DKIM_PRIVATE_KEY_FILE" : "DKIM_SELECTOR";
    const other = config.DKIM_SELECTOR ? "DKIM_SELECTOR" : "DKIM_PRIVATE_KEY_FILE";
    ctx.addIssue({ code: "custom", path: [missing], message: `must be set when ${other} is (DKIM needs both)` });
  }
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses an environment; the error names each bad variable and what is wrong with it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  return parseWith(checkedEnvSchema, source);
}

/** Only the settings that say where the data is (the admin script's whole configuration). */
export function parseDatabaseEnv(source: Record<string, string | undefined>): DatabaseSettings {
  return parseWith(databaseSchema, source);
}

function parseWith<T>(schema: z.ZodType<T>, source: Record<string, string | undefined>): T {
  // An empty variable means "unset", as a shell user would expect.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** DKIM signing as nodemailer takes it: the domain is MAIL_FROM's. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * Reads DKIM_PRIVATE_KEY_FILE at start, so a missing or wrong file stops the start with
 * its name instead of failing every message later. Null when DKIM is not set.
 */
export function dkimSettings(
  config: Pick<Env, "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY_FILE">,
  from: string,
): DkimSettings | null {
  if (!config.DKIM_SELECTOR || !config.DKIM_PRIVATE_KEY_FILE) return null;
  const file = config.DKIM_PRIVATE_KEY_FILE;
  let privateKey: string;
  try {
    privateKey = readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new EnvError(`Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: cannot be read (${file}: ${reason})`);
  }
  try {
    if (!privateKey.includes("-----BEGIN")) throw new Error("not PEM");
    createPrivateKey(privateKey);
  } catch {
    throw new EnvError(`Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: must hold a PEM private key (${file})`);
  }
  return {
    domainName: from.slice(from.lastIndexOf("@") + 1).toLowerCase(),
    keySelector: config.DKIM_SELECTOR,
    privateKey,
  };
}

/** MAIL_FROM, else club@ the site's own host name. */
export function mailFrom(config: Pick<Env, "MAIL_FROM">, siteOrigin: string): string {
  return config.MAIL_FROM ?? `club@${new URL(siteOrigin).hostname}`;
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forgets the parsed environment, so the next env() reads process.env again: for a test that changes it. */
export function forgetEnv(): void {
  cached = undefined;
}

/**
 * SESSION_SECRET, or else one made on the first start and kept in DATA_DIR, so sessions
 * survive a restart. Written whole and then linked into place, so two processes starting
 * at once agree on one and neither reads it half-written.
 * server.ts calls it at start; the app's session cookie and the /api's signed upload
 * URLs both use it.
 */
export function sessionSecret(config: Pick<Env, "SESSION_SECRET" | "DATA_DIR">): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(config.DATA_DIR, "session-secret");
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, "utf8").trim();
}
