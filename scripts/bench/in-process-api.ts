import { createApi, type Api, type ApiOptions } from "../../api";
import { BENCH_PASSWORD } from "./admin-client";

/**
 * The /api in the bench's own process, on SQLite in `dataDir`, for the benches that fill
 * the store directly and time its calls without HTTP in between: an administrator
 * `admin` with BENCH_PASSWORD, no demo data, a cheap password hash (a sign-in is not
 * what they measure), and no mail round of its own unless `options` give one.
 */
export function benchApi(dataDir: string, options: Partial<ApiOptions> = {}): Promise<Api> {
  return createApi({
    dataDir,
    adminUsername: "admin",
    adminPassword: BENCH_PASSWORD,
    seedDemo: false,
    trustProxy: false,
    signingSecret: "bench-signing-secret-bench-signing-secret",
    scryptCost: 2 ** 10,
    mailPollMs: null,
    ...options,
  });
}

/** A JSON call to `api` as a client would make it, with the administrator's bearer token when given. */
export function callApi(api: Api, method: string, path: string, body?: unknown, token?: string): Promise<Response> {
  return api.fetch(
    new Request(`http://bench/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** Signs the administrator in and answers the bearer token. */
export async function adminToken(api: Api): Promise<string> {
  const answer = await callApi(api, "POST", "/admin/login", { username: "admin", password: BENCH_PASSWORD });
  if (!answer.ok) throw new Error(`signing in answered ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
}
