import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * The most passkeys one person keeps (a phone, a laptop, a key or two, with room to spare):
 * what lists them and what the browser is told to skip are bounded by it.
 */
export const MAX_PASSKEYS = 10;

/** A person's passkey as the account screen lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What checking a signature with a passkey needs. */
export interface StoredPasskey {
  id: string;
  userId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export async function insertPasskey(
  db: Kysely<Database>,
  passkey: StoredPasskey & { name: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto("passkeys")
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      public_key: Buffer.from(passkey.publicKey),
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      created_at: now.toISOString(),
    })
    .execute();
}

/** A person's passkeys, at most MAX_PASSKEYS: the one bound every read of them keeps. */
function passkeysOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom("passkeys").where("user_id", "=", userId).limit(MAX_PASSKEYS);
}

/** A person's passkeys, oldest first. */
export async function listPasskeys(db: Kysely<Database>, userId: number): Promise<PasskeySummary[]> {
  const rows = await passkeysOf(db, userId)
    .select(["id", "name", "created_at", "last_used_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
}

/** The ids and transports of a person's passkeys: the browser is told not to make a second on the same device. */
export async function passkeyDescriptors(
  db: Kysely<Database>,
  userId: number,
): Promise<{ id: string; transports: string[] }[]> {
  const rows = await passkeysOf(db, userId).select(["id", "transports"]).execute();
  return rows.map((row) => ({ id: row.id, transports: parseTransports(row.transports) }));
}

export async function findPasskey(db: Kysely<Database>, id: string): Promise<StoredPasskey | null> {
  const row = await db
    .selectFrom("passkeys")
    .select(["id", "user_id", "public_key", "counter", "transports"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: parseTransports(row.transports),
  };
}

/**
 * Notes a sign-in with the passkey and its new signature counter, only if the counter
 * still holds the value the signature was checked against: of two sign-ins replaying
 * one signature on two instances at once, one alone gets through.
 */
export async function recordPasskeyUse(
  db: Kysely<Database>,
  passkey: { id: string; counter: number },
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("passkeys")
    .set({ counter: newCounter, last_used_at: now.toISOString() })
    .where("id", "=", passkey.id)
    .where("counter", "=", passkey.counter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes one of a person's passkeys; its name, or null when they have none by that id. */
export async function deletePasskey(db: Kysely<Database>, userId: number, id: string): Promise<string | null> {
  const row = await db
    .deleteFrom("passkeys")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("name")
    .executeTakeFirst();
  return row?.name ?? null;
}

function parseTransports(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** How many passkeys a person has. */
export async function countPasskeys(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
