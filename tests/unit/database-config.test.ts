import { describe, expect, it } from "vitest";
import { parseDatabaseEnv, parseEnv } from "../../common/config";

const SECRET = "a-session-secret-of-at-least-32-chars";

describe("DATABASE_URL and its pool settings", () => {
  it("unset keeps SQLite in DATA_DIR, with the pool defaults", () => {
    expect(parseDatabaseEnv({})).toEqual({
      DATA_DIR: "./data",
      DATABASE_URL: undefined,
      DATABASE_POOL_SIZE: 10,
      DATABASE_CONNECT_TIMEOUT_MS: 5_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      DATABASE_IDLE_TIMEOUT_MS: 30_000,
    });
  });

  it("takes a postgres:// URL and the pool's size and timeouts", () => {
    const config = parseEnv({
      DATABASE_URL: "postgres://club:pw@db.example:5432/club",
      SESSION_SECRET: SECRET,
      DATABASE_POOL_SIZE: "4",
      DATABASE_CONNECT_TIMEOUT_MS: "1500",
    });
    expect(config).toMatchObject({
      DATABASE_URL: "postgres://club:pw@db.example:5432/club",
      DATABASE_POOL_SIZE: 4,
      DATABASE_CONNECT_TIMEOUT_MS: 1_500,
    });
  });

  it("requires SESSION_SECRET with DATABASE_URL, saying why", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://localhost/club" })).toThrow(
      "SESSION_SECRET: must be set when DATABASE_URL is: every instance sharing the database needs the same one",
    );
  });

  it("names each bad value", () => {
    expect(() =>
      parseEnv({ DATABASE_URL: "mysql://localhost/club", SESSION_SECRET: SECRET, DATABASE_POOL_SIZE: "0" }),
    ).toThrow(
      "Invalid configuration:\n" +
        "  DATABASE_URL: must be a postgres:// URL, e.g. postgres://club@localhost:5432/club\n" +
        "  DATABASE_POOL_SIZE: must be at least 1",
    );
    expect(() => parseDatabaseEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(
      "DATABASE_STATEMENT_TIMEOUT_MS: must be a number of milliseconds",
    );
  });
});
