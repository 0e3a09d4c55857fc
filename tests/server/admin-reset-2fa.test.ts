import { describe, expect, it } from "vitest";
import { runAdmin } from "../fixtures/real-server";
import { closeAfterEachTest, json, makeApiOnDisk, queryStored, type TestApi } from "../api/helpers";
import { turnOnTotp } from "../api/two-factor-helpers";

/**
 * `npm run admin -- reset-2fa USER`, the break-glass path for a lost phone and lost
 * recovery codes: run as its own process on the DATA_DIR (or database) of a running /api.
 */
let t: TestApi;
closeAfterEachTest(() => t);

describe("npm run admin -- reset-2fa", () => {
  it("removes the authenticator, recovery codes and passkeys, and signs the person out", async () => {
    const disk = await makeApiOnDisk();
    t = disk.api;
    const token = await t.login();
    await turnOnTotp(t, token);
    await t.api.store.db
      .insertInto("passkeys")
      .values({
        id: "cred-1",
        user_id: 1,
        public_key: Buffer.from([1]),
        counter: 0,
        name: "Phone",
        created_at: "2026-03-01",
      })
      .execute();
    // Wrong codes had locked the codes: the lock goes with them.
    await t.api.store.db
      .updateTable("users")
      .set({ second_factor_failures: 10, second_factor_locked_until: "2026-03-01T12:15:00.000Z" })
      .execute();

    const result = await runAdmin(["reset-2fa", "admin"], { DATA_DIR: disk.dir });
    expect(result.code).toBe(0);
    expect(result.output).toContain(
      'Removed two-factor sign-in (authenticator, recovery codes, passkeys) for "admin".',
    );

    expect((await t.request("/api/admin/session", { token })).status).toBe(401);
    const users = await queryStored<{
      totp_secret: string | null;
      second_factor_failures: number;
      second_factor_locked_until: string | null;
    }>(disk.dir, "SELECT totp_secret, second_factor_failures, second_factor_locked_until FROM users");
    expect(users).toEqual([{ totp_secret: null, second_factor_failures: 0, second_factor_locked_until: null }]);
    expect(await queryStored(disk.dir, "SELECT id FROM recovery_codes")).toEqual([]);
    expect(await queryStored(disk.dir, "SELECT id FROM passkeys")).toEqual([]);
    // The password alone signs in again.
    expect(
      await json(
        await t.request("/api/admin/login", {
          method: "POST",
          json: { username: "admin", password: "correct horse battery staple" },
        }),
      ),
    ).toHaveProperty("token");
  });

  it("says so for a user that does not exist", async () => {
    const disk = await makeApiOnDisk();
    t = disk.api;
    const result = await runAdmin(["reset-2fa", "nobody"], { DATA_DIR: disk.dir });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe('There is no user "nobody".');
  });
});
