import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import { createApi, type Api, type ApiOptions } from "../../api";
import { commitSession, getSession } from "~/lib/security/session.server";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/**
 * Loaders and actions are called directly with a Request and a load context whose
 * apiFetch is a fresh in-memory embedded API with the demo data (docs/architecture.md, 'Tests').
 */
export const ADMIN = { username: "admin", password: "harness-password-1" };
export const ORIGIN = "http://localhost:3000";

export interface Harness {
  api: Api;
  context: AppLoadContext;
  /** A Cookie header for a signed-in administrator. */
  signIn(): Promise<string>;
  /** The upstream's data, read as a client would, to check what an action stored. */
  read<T = unknown>(path: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * A fresh in-memory /api with the harness's administrator and secret and no demo data;
 * `options` add to them or change them (a test's clock, e-mail set up).
 */
export function harnessApi(options: Partial<ApiOptions> = {}): Promise<Api> {
  return createApi({
    dataDir: null,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    seedDemo: false,
    trustProxy: false,
    signingSecret: "harness-signing-secret-harness-signing",
    scryptCost: TEST_SCRYPT_COST,
    ...options,
  });
}

/** `api` adds to the /api's options, e.g. a clock the test moves (`now`) or the site's address. */
export async function createHarness({
  seedDemo = true,
  api: apiOptions = {},
}: { seedDemo?: boolean; api?: Partial<ApiOptions> } = {}): Promise<Harness> {
  const api = await harnessApi({ seedDemo, ...apiOptions });
  const context: AppLoadContext = { apiFetch: (request) => api.fetch(request), cspNonce: "test-nonce" };

  return {
    api,
    context,
    async signIn() {
      const response = await api.fetch(
        new Request(`${ORIGIN}/api/admin/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(ADMIN),
        }),
      );
      const { token } = (await response.json()) as { token: string };
      const session = await getSession(new Request(ORIGIN));
      session.set("token", token);
      const setCookie = await commitSession(session);
      return setCookie.split(";")[0];
    },
    async read<T>(path: string) {
      const response = await api.fetch(new Request(`${ORIGIN}${path}`));
      return (await response.json()) as T;
    },
    close: () => api.close(),
  };
}

/** One harness and a signed-in cookie shared by a file's tests (read them inside the tests). */
export function signedInHarness(options: { seedDemo?: boolean; api?: Partial<ApiOptions> } = {}): {
  h: Harness;
  cookie: string;
} {
  const current = {} as { h: Harness; cookie: string };
  beforeAll(async () => {
    current.h = await createHarness(options);
    current.cookie = await current.h.signIn();
  });
  afterAll(() => current.h.close());
  return current;
}

/**
 * One harness for a file's tests whose /api listens on a real socket at API_URL, as for
 * the app deployed alone (docs/architecture.md, 'The shape in one picture'); `upstream` may change its answers.
 */
export function harnessAtApiUrl(
  upstream: (h: Harness, request: Request) => Response | Promise<Response> = (h, request) => h.api.fetch(request),
): { h: Harness } {
  const current = {} as { h: Harness };
  let server: ServerType;
  beforeAll(async () => {
    current.h = await createHarness();
    server = serve({ fetch: (request) => upstream(current.h, request), port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.API_URL;
    await new Promise((resolve) => server.close(resolve));
    await current.h.close();
  });
  return current;
}

/** A GET as a browser would send it. */
export function get(path: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A same-origin form POST, as the page's own <Form> sends it. */
export function post(path: string, fields: Record<string, string> | FormData, cookie?: string): Request {
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers });
}

/** Reads the flash notice a redirecting action set, as the next page would show it. */
export async function flashOf(response: Response): Promise<unknown> {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  const session = await getSession(new Request(ORIGIN, { headers: cookie ? { Cookie: cookie } : {} }));
  return session.get("notice");
}
