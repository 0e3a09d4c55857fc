import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import type { Api } from "../../api";
import { ADMIN, harnessApi, ORIGIN } from "./harness";

/**
 * An embedded /api for a file of tests (the calendars, the feeds, JSON-LD), with an
 * administrator's token and a clock the tests move (`now`: whole seconds, iCalendar's
 * precision, half an hour behind the real clock the site judges by), made before the
 * file's tests and closed after them.
 */
export interface FileApi {
  api: Api;
  now: number;
  /** An administrator's call to the /api. */
  call(path: string, method?: string, body?: unknown): Promise<Response>;
  /** The load context the site's loaders get. */
  context(): AppLoadContext;
}

export function apiForFile(): FileApi {
  let token = "";
  const site: FileApi = {
    api: undefined as unknown as Api,
    now: Math.floor((Date.now() - 30 * 60_000) / 1000) * 1000,
    call(path, method = "GET", body) {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const json = body === undefined ? undefined : JSON.stringify(body);
      return site.api.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body: json }));
    },
    context: () => ({ apiFetch: (request: Request) => site.api.fetch(request), cspNonce: "test-nonce" }),
  };
  beforeAll(async () => {
    site.api = await harnessApi({ now: () => new Date(site.now) });
    const login = await site.call("/api/admin/login", "POST", ADMIN);
    token = ((await login.json()) as { token: string }).token;
  });
  afterAll(() => site.api.close());
  return site;
}

/** A moment `days` from now, to the minute: any start time keeps its wall-clock time. */
export const dayAt = (days: number) =>
  new Date(Math.floor((Date.now() + days * 86_400_000) / 60_000) * 60_000).toISOString();
