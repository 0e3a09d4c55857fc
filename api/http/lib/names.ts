import type { Kysely } from "kysely";
import { pendingInvitationHolds } from "../../store/account-links";
import type { Database } from "../../store/schema";
import { isUniqueViolationOn } from "../../store/unique-violation";
import { findUserByNameKey, findUserByUsernameKey } from "../../store/users";
import { ApiError } from "./errors";

/**
 * A username or a shown name is one person's on the committee, without regard to case or
 * look-alike letters (docs/product.md, 'The committee', 'Names and usernames'). The
 * routes check first; the unique indexes on users are the last guard against two
 * requests at once, and takenAnswer turns their refusal into the same 409.
 */
export const USERNAME_TAKEN = "username: is already taken";
export const NAME_TAKEN = "name: is already taken";

export function usernameTaken(): ApiError {
  return new ApiError(409, USERNAME_TAKEN, { field: "username", problem: { code: "invalid" } });
}

export function nameTaken(): ApiError {
  return new ApiError(409, NAME_TAKEN, { field: "name", problem: { code: "invalid" } });
}

/** 409 when someone's username is this one or looks like it ('Admin' beside 'admin'). */
export async function refuseTakenUsername(db: Kysely<Database>, username: string): Promise<void> {
  if (await findUserByUsernameKey(db, username)) throw usernameTaken();
}

/**
 * 409 when someone other than `exceptUserId` has a shown name that looks like this one
 * ('ADMIN' or a Cyrillic 'аdmin' for the 'admin' shown by their username), or a username
 * that does (the first Administrator keeps 'admin' once they are 'Chris'), or a pending
 * invitation holds it; `invitations: false` when the invitation itself is joining.
 */
export async function refuseTakenName(
  db: Kysely<Database>,
  name: string,
  now: Date,
  options: { exceptUserId?: number; invitations?: boolean } = {},
): Promise<void> {
  if (await findUserByNameKey(db, name, options.exceptUserId)) throw nameTaken();
  const username = await findUserByUsernameKey(db, name);
  if (username && username.id !== options.exceptUserId) throw nameTaken();
  if (options.invitations !== false && (await pendingInvitationHolds(db, name, now))) throw nameTaken();
}

/**
 * A store error as the client should hear it: a unique index on a username or a shown
 * name refusing the row is the 409 the checks give; anything else is itself.
 * Use as `.catch((error: unknown) => { throw takenAnswer(error); })`.
 */
export function takenAnswer(error: unknown): unknown {
  if (isUniqueViolationOn(error, "users", "username_key") || isUniqueViolationOn(error, "users", "username")) {
    return usernameTaken();
  }
  if (isUniqueViolationOn(error, "users", "name_key")) return nameTaken();
  return error;
}
