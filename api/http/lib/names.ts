import { isUniqueViolationOn } from "../../store/unique-violation";
import { ApiError } from "./errors";

/**
 * A username or a shown name is one person's on the committee (docs/product.md, 'The
 * committee', 'Names and usernames'). The routes check first; the unique indexes on
 * users are the last guard against two requests at once, and takenAnswer turns their
 * refusal into the same 409.
 */
export const USERNAME_TAKEN = "username: is already taken";
export const NAME_TAKEN = "name: is already taken";

export function usernameTaken(): ApiError {
  return new ApiError(409, USERNAME_TAKEN, { field: "username", problem: { code: "invalid" } });
}

export function nameTaken(): ApiError {
  return new ApiError(409, NAME_TAKEN, { field: "name", problem: { code: "invalid" } });
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
