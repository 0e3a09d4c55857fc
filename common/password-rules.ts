/**
 * What a new password must be (docs/product.md, 'The committee'): long, and not one of the passwords
 * people use most. The /api decides; the admin forms say the same words first.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;

export const PASSWORD_TOO_SHORT = `must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_COMMON = "is one of the most common passwords; please choose another";
export const PASSWORD_IS_USERNAME = "must not be your username";

/** Usernames: what a person types to sign in, kept simple so they can be read out over the phone. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,40}$/;
export const USERNAME_RULE = "must be 3 to 40 letters, digits, dots, dashes or underscores";
