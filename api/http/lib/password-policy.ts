import { z } from "zod";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_IS_USERNAME,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
} from "../../../common/password-rules";
import { ApiError } from "./errors";

let common: Promise<Set<string>> | undefined;

/**
 * The common-password list of zxcvbn-ts (~30,000 passwords from public leaks), loaded
 * the first time someone chooses a password and kept: a few hundred kilobytes, and a
 * look-up is then a hash probe.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].map((word) => word.toLowerCase())),
  );
  return common;
}

/** A new password's shape: the length check, before the list is asked (newPassword below). */
export const newPasswordText = z
  .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be text") })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** 400 naming `field` unless the password is neither common nor the username. */
export async function checkNewPassword(password: string, username: string, field = "password"): Promise<void> {
  const problem =
    password.toLowerCase() === username.toLowerCase()
      ? PASSWORD_IS_USERNAME
      : (await commonPasswords()).has(password.toLowerCase())
        ? PASSWORD_TOO_COMMON
        : null;
  if (problem) throw new ApiError(400, `${field}: ${problem}`, { field, problem: { code: "invalid" } });
}
