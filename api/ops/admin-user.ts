import type { Kysely } from "kysely";
import { generatePassword, hashPassword } from "../http/lib/passwords";
import type { Database } from "../store/schema";
import { deleteUserTokens } from "../store/tokens";
import { removeAllSecondFactors } from "../store/two-factor";
import {
  createUser,
  findUserByNameKey,
  findUserByUsername,
  findUserByUsernameKey,
  findUserToSignIn,
  setPasswordHash,
} from "../store/users";
import { OperatorError } from "./operator-error";

/**
 * Creates the admin user on first run. An existing user is left alone (its password is
 * changed with `npm run admin -- set-password`), and so is one whose username looks like
 * it ('admin' for ADMIN_USERNAME=Admin): that is who signs in with it. Nobody is made
 * either when someone's shown name looks like the username (the first user is shown by
 * their username, and two people may not look alike): that can only be once the first
 * Administrator was removed, and the site starts all the same; `set-password` says why.
 * Returns the generated password, if any.
 */
export async function ensureAdminUser(
  db: Kysely<Database>,
  username: string,
  password: string | undefined,
  cost: number,
  now: Date,
): Promise<string | null> {
  if ((await findUserToSignIn(db, username)) || (await findUserByNameKey(db, username))) return null;
  const chosen = password || generatePassword();
  await createUser(db, username, await hashPassword(chosen, cost), now);
  return password ? null : chosen;
}

/**
 * Sets (or creates the user with) a password and revokes the user's tokens. Refuses to
 * make a user whose username looks like someone's (docs/product.md, 'Names and
 * usernames'): the operator meant that person, or must choose another; or like someone's
 * shown name, which the new user, shown by their username, would pass for.
 */
export async function setUserPassword(
  db: Kysely<Database>,
  username: string,
  password: string,
  cost: number,
  now: Date,
): Promise<{ created: boolean }> {
  const hash = await hashPassword(password, cost);
  const user = await findUserByUsername(db, username);
  if (!user) {
    const lookalike = await findUserByUsernameKey(db, username);
    if (lookalike) {
      throw new OperatorError(
        `"${username}" looks too much like the username "${lookalike.username}" of someone on the committee: give theirs exactly to set their password, or choose another username.`,
      );
    }
    // A user made here has no name yet and is shown by their username.
    const namesake = await findUserByNameKey(db, username);
    if (namesake) {
      throw new OperatorError(
        `"${username}" looks too much like the name "${namesake.name}" of "${namesake.username}" on the committee: choose another username.`,
      );
    }
    await createUser(db, username, hash, now);
    return { created: true };
  }
  await setPasswordHash(db, user.id, hash);
  await deleteUserTokens(db, user.id);
  return { created: false };
}

/**
 * The break-glass path for someone who lost their phone and their recovery codes:
 * removes their authenticator, recovery codes and passkeys, and signs them out
 * everywhere. False when there is no such user.
 */
export async function resetTwoFactor(db: Kysely<Database>, username: string): Promise<boolean> {
  const user = await findUserByUsername(db, username);
  if (!user) return false;
  await removeAllSecondFactors(db, user.id);
  await deleteUserTokens(db, user.id);
  return true;
}
