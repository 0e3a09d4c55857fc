import { randomBytes } from "node:crypto";
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

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
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
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses an environment; the error names each bad variable and what is wrong with it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "unset", as a shell user would expect.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
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
