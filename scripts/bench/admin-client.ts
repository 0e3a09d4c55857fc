/**
 * An administrator's two ways in, as the bench needs them: the /api with a bearer
 * token (what fills the database and makes the trivial writes), and the admin screens
 * with the session cookie the login form sets (what a browser holds).
 */

export const BENCH_PASSWORD = "bench-password-1";

/** A write the /api refused is a broken bench, not a figure: stop with its answer. */
async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

export class AdminApi {
  private constructor(
    readonly base: string,
    private readonly token: string,
  ) {}

  static async login(base: string, password = BENCH_PASSWORD): Promise<AdminApi> {
    const response = await expectOk(
      await fetch(`${base}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "admin", password }),
      }),
      "POST /api/admin/login",
    );
    const { token } = (await response.json()) as { token: string };
    return new AdminApi(base, token);
  }

  private get auth() {
    return { Authorization: `Bearer ${this.token}` };
  }

  /** A JSON request as it is answered, refusals included. */
  answer(method: "POST" | "PUT", path: string, body: object): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method,
      headers: { ...this.auth, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  async send<T>(method: "POST" | "PUT", path: string, body: object): Promise<T> {
    const response = await this.answer(method, path, body);
    return (await (await expectOk(response, `${method} ${path}`)).json()) as T;
  }

  /** POST /api/admin/upload, multipart field `image`, as the events and gallery screens send it. */
  async upload(bytes: Buffer, type: string, name: string): Promise<string> {
    const form = new FormData();
    // A Uint8Array view Blob takes as it is (a Buffer's type allows a shared backing store).
    form.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${this.base}/api/admin/upload`, { method: "POST", headers: this.auth, body: form });
    const { imageUrl } = (await (await expectOk(response, "POST /api/admin/upload")).json()) as { imageUrl: string };
    return imageUrl;
  }

  /**
   * A write that changes nothing a visitor sees: the same texts put back. Any write
   * moves the content version on, so the next public page is rendered afresh.
   */
  async touch(): Promise<void> {
    // Putting the same texts back twice does no harm.
    await againOnDroppedConnection(async () => {
      const texts = (await (await fetch(`${this.base}/api/what-we-do`)).json()) as Record<string, string>;
      await this.send("PUT", "/api/admin/what-we-do", texts);
    });
  }
}

/**
 * Runs `work` once more when its connection was dropped: after the server or the bench
 * was busy for seconds, fetch may reuse a kept-alive socket the server is closing just
 * then (undici answers a TypeError). Only for work that may safely be done twice.
 */
async function againOnDroppedConnection<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return work();
  }
}

/**
 * Signs in through the login form as a browser on our page does (same-origin POST;
 * cross-site ones are refused), and returns the Cookie header to send. The first admin
 * screen shows and drops the welcome notice, so the cookie is taken after it: every
 * measured screen then renders as it would on an administrator's later visits.
 */
export async function adminCookie(base: string, password = BENCH_PASSWORD): Promise<string> {
  // Signing in twice does no harm.
  const signIn = await againOnDroppedConnection(() =>
    fetch(`${base}/admin?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password }),
    }),
  );
  const first = signIn.headers.getSetCookie()[0]?.split(";")[0];
  if (signIn.status < 300 || signIn.status >= 400 || !first)
    throw new Error(`signing in through /admin: ${signIn.status}`);
  const dashboard = await fetch(`${base}/admin/dashboard`, { headers: { Cookie: first }, redirect: "manual" });
  await dashboard.arrayBuffer();
  return dashboard.headers.getSetCookie()[0]?.split(";")[0] ?? first;
}
