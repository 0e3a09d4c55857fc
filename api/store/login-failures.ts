import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Times (ISO, newest first) of this address's failed logins since `since`. */
export async function recentFailures(db: Kysely<Database>, address: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('address', '=', address)
    .where('failed_at', '>', since.toISOString())
    .orderBy('failed_at', 'desc')
    .execute();
  return rows.map((r) => r.failed_at);
}

export async function recordFailure(db: Kysely<Database>, address: string, now: Date, pruneBefore: Date): Promise<void> {
  await db.insertInto('login_failures').values({ address, failed_at: now.toISOString() }).execute();
  await db.deleteFrom('login_failures').where('failed_at', '<=', pruneBefore.toISOString()).execute();
}

export async function clearFailures(db: Kysely<Database>, address: string): Promise<void> {
  await db.deleteFrom('login_failures').where('address', '=', address).execute();
}
