import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

export const DEFAULT_SCRYPT_COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

function scryptOptions(N: number, r: number, p: number): ScryptOptions {
  // scrypt needs about 128 * N * r bytes; Node's default maxmem (32 MB) is too small for N=2^17.
  return { N, r, p, maxmem: 128 * N * r * 2 };
}

/** Hashes as `scrypt$N$r$p$<salt b64>$<hash b64>`. */
export async function hashPassword(password: string, cost: number = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, scryptOptions(cost, BLOCK_SIZE, PARALLELISM));
  return ["scrypt", cost, BLOCK_SIZE, PARALLELISM, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], "base64");
  const expected = Buffer.from(parts[5], "base64");
  if (expected.length === 0) return false;
  const actual = await scrypt(password, salt, expected.length, scryptOptions(N, r, p));
  return timingSafeEqual(actual, expected);
}

/** A random password for a first run or a reset: 24 URL-safe characters. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
