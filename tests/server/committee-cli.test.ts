import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lookalikeKey } from "../../api/store/lookalikes";
import { openStoreOf } from "../api/helpers";
import { runAdmin, stackLines } from "../fixtures/real-server";

/** The command line stays the break-glass path for the committee (docs/operations.md). */
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "committee-cli-"));
  scratch.push(dir);
  return join(dir, "data");
}

describe("npm run admin -- list-users", () => {
  it("lists everyone with their role, last sign-in and two-factor state", async () => {
    const dataDir = newDataDir();
    expect((await runAdmin(["set-password", "ada", "a-long-enough-password"], { DATA_DIR: dataDir })).code).toBe(0);
    const listed = await runAdmin(["list-users"], { DATA_DIR: dataDir });
    expect(listed.code).toBe(0);
    expect(listed.output.trim().split("\n")).toEqual([
      "username\tname\trole\tlast sign-in\ttwo-factor",
      "ada\tada\tAdministrator\tnever\toff",
    ]);
  });

  it("refuses extra words with the usage", async () => {
    const result = await runAdmin(["list-users", "extra"], { DATA_DIR: newDataDir() });
    expect(result.code).toBe(2);
    expect(result.output).toContain("npm run admin -- list-users");
  });
});

describe("npm run admin -- set-password", () => {
  it("refuses to make a user whose username looks like someone's, in one plain line", async () => {
    const dataDir = newDataDir();
    expect((await runAdmin(["set-password", "ada", "a-long-enough-password"], { DATA_DIR: dataDir })).code).toBe(0);
    for (const username of ["ADA", "Ada"]) {
      const refused = await runAdmin(["set-password", username, "another-long-password"], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output.trim()).toBe(
        `"${username}" looks too much like the username "ada" of someone on the committee: give theirs exactly to set their password, or choose another username.`,
      );
      expect(stackLines(refused.output)).toEqual([]);
    }
    const listed = await runAdmin(["list-users"], { DATA_DIR: dataDir });
    expect(listed.output.trim().split("\n").slice(1)).toEqual(["ada\tada\tAdministrator\tnever\toff"]);
  });

  it("refuses to make a user whose username looks like someone's shown name", async () => {
    const dataDir = newDataDir();
    expect((await runAdmin(["set-password", "ada", "a-long-enough-password"], { DATA_DIR: dataDir })).code).toBe(0);
    const store = await openStoreOf(dataDir);
    try {
      await store.db
        .updateTable("users")
        .set({ name: "Treasurer", name_key: lookalikeKey("Treasurer") })
        .execute();
    } finally {
      await store.db.destroy();
    }
    const refused = await runAdmin(["set-password", "treasurer", "another-long-password"], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(
      '"treasurer" looks too much like the name "Treasurer" of "ada" on the committee: choose another username.',
    );
  });
});
