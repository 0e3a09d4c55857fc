import { expect } from "vitest";
import { Secret, TOTP } from "otpauth";
import { hashPassword } from "../../api/http/lib/passwords";
import { createUser } from "../../api/store/users";
import type { Role } from "../../common/roles";
import { ADMIN, json, type TestApi } from "./helpers";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/** The code an authenticator app shows for a secret at a moment: computed here, as a phone would. */
export function codeAt(secret: string, at: Date): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: at.getTime() });
}

/** Sets authenticator codes up for the token's person (their password given): the secret and the ten recovery codes. */
export async function turnOnTotp(
  t: TestApi,
  token: string,
  password: string = ADMIN.password,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await t.request("/api/admin/two-factor/totp/setup", { method: "POST", token, json: { password } });
  expect(started.status).toBe(200);
  const { secret } = await json<{ secret: string }>(started);
  const confirmed = await t.request("/api/admin/two-factor/totp/confirm", {
    method: "POST",
    token,
    json: { code: codeAt(secret, t.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = await json<{ recoveryCodes: string[] }>(confirmed);
  return { secret, recoveryCodes };
}

/** The password step: the challenge the /api hands back when a code must follow. */
export async function passwordStep(t: TestApi, credentials: { username: string; password: string } = ADMIN) {
  const res = await t.request("/api/admin/login", { method: "POST", json: credentials });
  expect(res.status).toBe(200);
  const body = await json<{ twoFactorRequired?: boolean; challenge?: string; token?: string }>(res);
  expect(body.twoFactorRequired).toBe(true);
  expect(body.token).toBeUndefined();
  return body.challenge as string;
}

export function secondStep(t: TestApi, challenge: string, code: string): Promise<Response> {
  return t.request("/api/admin/login/second-factor", { method: "POST", json: { challenge, code } });
}

/** Another person on the committee, made straight in the store (inviting them is not this file's subject). */
/** The password addPerson gives a person. */
export const passwordOf = (username: string) => `${username}-password-1`;

export async function addPerson(t: TestApi, username: string, role: Role): Promise<string> {
  const password = passwordOf(username);
  await createUser(t.api.store.db, username, await hashPassword(password, TEST_SCRYPT_COST), t.clock.now(), { role });
  const res = await t.request("/api/admin/login", { method: "POST", json: { username, password } });
  expect(res.status).toBe(200);
  return (await json<{ token: string }>(res)).token;
}
