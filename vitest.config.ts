import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const shared = {
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  esbuild: { jsx: "automatic" as const },
};

const env = { NODE_ENV: "test" as const, SESSION_SECRET: "test-secret-test-secret-test-secret-0123" };

/**
 * A test waits on what it checks (an answer, a row, a page), never on a time, so these
 * bounds only stop one that hangs. They are long because a busy 2-core machine (CI, or
 * a second `npm test` beside this one) makes 200 bookings at once or ten password checks
 * take far longer than a quiet one; a test that needs longer still says so itself. A
 * hook may start a server (scripts/lib/server.ts waits up to 60 s for it).
 */
const timeouts = { testTimeout: 120_000, hookTimeout: 120_000 };

/**
 * Tests of SQLite's own file and of DATA_DIR, which a PostgreSQL site does not use
 * (their PostgreSQL counterparts are the *-postgres tests), and tests that never reach
 * a store.
 */
const SQLITE_ONLY = [
  "tests/server/backup-restore.test.ts",
  "tests/server/damaged-database.test.ts",
  "tests/api/disk-full.test.ts",
  "tests/server/durability.test.ts",
  "tests/api/snapshots.test.ts",
  "tests/server/startup-checks.test.ts",
];

/**
 * What runs a second time on PostgreSQL: the /api's whole contract (every query the store
 * makes), the tests written for PostgreSQL (*-postgres: two instances, an outage, pg_dump
 * backups), and the server tests whose own code differs by store: starting on
 * DATABASE_URL, the command line's people commands, and purging a photo from backups.
 * The other server tests test HTTP delivery, which the store does not change.
 */
const ON_POSTGRES = [
  "tests/api/**/*.test.ts",
  "tests/server/*-postgres.test.ts",
  "tests/server/npm-start.test.ts",
  "tests/server/committee-cli.test.ts",
  "tests/server/purge-image.test.ts",
];

// Tests by what they test: tests/unit (modules on their own), tests/api (the /api's
// contract, through app.request()), tests/server (the whole server as a process, and its
// commands), tests/app (Remix loaders and actions); all run in Node, and the browser
// tests are Playwright's (tests/e2e).
// Everything runs on SQLite; ON_POSTGRES runs again on a real PostgreSQL server that the
// `postgres` project starts for the run (tests/fixtures/postgres-global-setup.ts).
export default defineConfig({
  ...shared,
  test: {
    ...timeouts,
    // Most server and PostgreSQL tests wait on a child process or a socket, not the CPU:
    // on CI's two cores vitest's default (one worker fewer than the cores) left one
    // running at a time. Each test makes its own DATA_DIR, database and port.
    maxWorkers: 3,
    projects: [
      {
        ...shared,
        test: {
          name: "sqlite",
          include: ["tests/{unit,api,server,app}/**/*.test.{ts,tsx}"],
          exclude: ["tests/**/*-postgres.test.ts"],
          environment: "node",
          globalSetup: ["tests/fixtures/build-global-setup.ts"],
          ...timeouts,
          env,
        },
      },
      {
        ...shared,
        test: {
          name: "postgres",
          include: ON_POSTGRES,
          exclude: SQLITE_ONLY,
          environment: "node",
          ...timeouts,
          globalSetup: ["tests/fixtures/build-global-setup.ts", "tests/fixtures/postgres-global-setup.ts"],
          env: { ...env, TEST_STORE: "postgres" },
        },
      },
    ],
  },
});
