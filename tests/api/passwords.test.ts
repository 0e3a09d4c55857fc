import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from "../../api/http/lib/passwords";
import { setUserPassword } from "../../api/ops/admin-user";
import { makeApi, openStoreOf, tempDataDir, type TestApi } from "./helpers";

describe("passwords", () => {
  it("hashes with scrypt N=2^17, r=8, p=1, a 16-byte salt and a 64-byte key by default", async () => {
    const hash = await hashPassword("s3cret!");
    const [scheme, N, r, p, salt, key] = hash.split("$");
    expect([scheme, N, r, p]).toEqual(["scrypt", String(DEFAULT_SCRYPT_COST), "8", "1"]);
    expect(DEFAULT_SCRYPT_COST).toBe(2 ** 17);
    expect(Buffer.from(salt, "base64")).toHaveLength(16);
    expect(Buffer.from(key, "base64")).toHaveLength(64);
    expect(await verifyPassword("s3cret!", hash)).toBe(true);
    expect(await verifyPassword("s3cret?", hash)).toBe(false);
  });

  it("salts every hash and rejects malformed stored values", async () => {
    const a = await hashPassword("same", 2 ** 12);
    const b = await hashPassword("same", 2 ** 12);
    expect(a).not.toBe(b);
    for (const stored of ["", "plain", "bcrypt$1$2$3$4$5", "scrypt$x$8$1$AAAA$AAAA", "scrypt$16384$8$1$AAAA$"]) {
      expect(await verifyPassword("same", stored)).toBe(false);
    }
  });
});

describe("set-password (scripts/admin.ts)", () => {
  let t: TestApi | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await t?.api.close();
    await cleanup?.();
  });

  it("changes the password and signs the user out", async () => {
    const temp = await tempDataDir();
    cleanup = temp.cleanup;
    t = await makeApi({ dataDir: temp.dir });
    const token = await t.login();

    const store = await openStoreOf(temp.dir);
    try {
      expect(await setUserPassword(store.db, "admin", "brand-new-password", 2 ** 14, new Date())).toEqual({
        created: false,
      });
      expect(await setUserPassword(store.db, "helper", "another-password", 2 ** 14, new Date())).toEqual({
        created: true,
      });
    } finally {
      await store.db.destroy();
    }

    expect((await t.request("/api/admin/logout", { method: "POST", token })).status).toBe(401);
    const login = (username: string, password: string) =>
      t!.request("/api/admin/login", { method: "POST", json: { username, password } });
    expect((await login("admin", "brand-new-password")).status).toBe(200);
    expect((await login("helper", "another-password")).status).toBe(200);
  });
});
