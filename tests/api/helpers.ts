import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished } from "vitest";
import { createApi, type Api, type ApiOptions } from "../../api";
import { openStore } from "../../api/ops/open-store";
import type { Store } from "../../api/store/db";
import { createDatabase, databaseFor, onPostgres, postgresSettings, queryDatabase } from "../fixtures/test-database";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

export const ADMIN = { username: "admin", password: "correct horse battery staple" } as const;
export const SIGNING_SECRET = "test-signing-secret";

/** A clock tests can move forward. */
export class TestClock {
  current: Date;
  constructor(start = "2026-03-01T12:00:00.000Z") {
    this.current = new Date(start);
  }
  now = (): Date => new Date(this.current.getTime());
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApi {
  api: Api;
  clock: TestClock;
  request: (path: string, init?: RequestOptions) => Promise<Response>;
  login: () => Promise<string>;
}

export interface RequestOptions {
  method?: string;
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/**
 * An API on a fresh database (dataDir null) or on a DATA_DIR's. Under the `postgres`
 * test project the same: a fresh PostgreSQL database, or the one that stands for dataDir.
 */
export async function makeApi(overrides: Partial<ApiOptions> = {}): Promise<TestApi> {
  const clock = new TestClock();
  const postgres =
    onPostgres && !overrides.postgres
      ? postgresSettings(overrides.dataDir ? await databaseFor(overrides.dataDir) : await createDatabase())
      : overrides.postgres;
  const api = await createApi({
    dataDir: null,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    seedDemo: false,
    trustProxy: false,
    signingSecret: SIGNING_SECRET,
    scryptCost: TEST_SCRYPT_COST,
    now: clock.now,
    // The test moves the clock and runs the sender's rounds itself (api.mailSender.runRound()).
    mailPollMs: null,
    ...overrides,
    postgres,
  });
  const request = (path: string, init: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers["content-type"] ??= "application/json";
    }
    return Promise.resolve(api.app.request(path, { method: init.method ?? "GET", headers, body }));
  };
  const login = async () => {
    const res = await request("/api/admin/login", { method: "POST", json: ADMIN });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return token;
  };
  return { api, clock, request, login };
}

export const HOUR = 60 * 60 * 1000;

/** For files whose tests each make their own /api (in `t`): closes it after each test. */
export function closeAfterEachTest(current: () => TestApi | undefined): void {
  afterEach(async () => {
    await current()?.api.close();
  });
}

/** One /api and an administrator's token for all the tests of a file (or describe block), handed to `use`. */
export function sharedApi(use: (t: TestApi, token: string) => void): void {
  let current: TestApi | undefined;
  beforeAll(async () => {
    current = await makeApi();
    use(current, await current.login());
  });
  afterAll(async () => {
    await current?.api.close();
  });
}

/** A fresh /api and an administrator's token for each test of a file (read them inside the tests). */
export function freshApiEachTest(): { t: TestApi; token: string } {
  const current = {} as { t: TestApi; token: string };
  beforeEach(async () => {
    current.t = await makeApi();
    current.token = await current.t.login();
  });
  afterEach(() => current.t.api.close());
  return current;
}

/** An API on a fresh DATA_DIR of its own (to read what it stored), removed when the test ends. */
export async function makeApiOnDisk(): Promise<{ api: TestApi; dir: string }> {
  const { dir, cleanup } = await tempDataDir();
  onTestFinished(cleanup);
  return { api: await makeApi({ dataDir: dir }), dir };
}

/** A second connection to a DATA_DIR's data, as another process (the admin script) opens it. */
export async function openStoreOf(dataDir: string): Promise<Store> {
  return openStore(onPostgres ? { postgres: postgresSettings(await databaseFor(dataDir)) } : { dataDir });
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export interface ErrorJson {
  message: string;
  field?: string;
  /** The field's problem as data (common/field-problems.ts). */
  code?: string;
  max?: number;
}

/** A fresh temporary DATA_DIR, removed by the returned cleanup. */
export async function tempDataDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const { mkdtemp, rm } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const dir = await mkdtemp(path.join(tmpdir(), "club-api-test-"));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Reads what the API actually stored, from its SQLite file or (postgres project) its
 * DATA_DIR's database. `?` placeholders in either.
 */
export async function queryStored<T>(dataDir: string, sql: string, ...params: unknown[]): Promise<T[]> {
  if (onPostgres) {
    let n = 0;
    return queryDatabase<T>(
      await databaseFor(dataDir),
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
  }
  const { SQLite } = await import("../../api/store/sqlite-driver");
  const path = await import("node:path");
  const db = new SQLite(path.join(dataDir, "data.sqlite"), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
