import { expect, test as base, type APIRequestContext, type Page, type Response } from "@playwright/test";

/**
 * Playwright's `test`, with one change in the js project: a page opened with goto,
 * reload, goBack or goForward is handed back once React has hydrated it. The site's
 * scripts wait for its first paint, so the load event, which Playwright waits for,
 * can come before them; a test that then clicked would get the page without
 * JavaScript (which works, but is not what a js test is about). A goto given its own
 * `waitUntil` waits for just that.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const untilHydrated = async (response: Response | null) => {
        if (response?.headers()["content-type"]?.startsWith("text/html")) {
          await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
        }
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const goBack = page.goBack.bind(page);
      const goForward = page.goForward.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        return options?.waitUntil ? response : untilHydrated(response);
      };
      page.reload = async (options) => untilHydrated(await reload(options));
      page.goBack = async (options) => untilHydrated(await goBack(options));
      page.goForward = async (options) => untilHydrated(await goForward(options));
    }
    await use(page);
  },
});
export { expect };

export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password-1" };

/** True in the Playwright project that runs with JavaScript switched off. */
export function jsDisabled(): boolean {
  return test.info().project.name === "no-js";
}

/** Signs in through the login form, as an administrator would. */
export async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** An /api token for the e2e administrator, to set data up or put it back. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/admin/login", { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const newestIds = async (request: APIRequestContext, headers: Record<string, string>) => {
  const newest = async (kind: "news" | "events") => {
    const response = await request.get(`/api/admin/${kind}?limit=1000`, { headers });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as Array<{ id: number }>).map((item) => item.id);
  };
  return { news: await newest("news"), events: await newest("events") };
};

/**
 * For a spec whose tests publish news items or events: each test's are deleted after it,
 * so the specs after it (one server per project, one test at a time) find the demo
 * content's first page as it was.
 */
export function deletingWhatEachTestMakes(): void {
  let before = { news: new Set<number>(), events: new Set<number>() };
  test.beforeEach(async ({ request }) => {
    const ids = await newestIds(request, { Authorization: `Bearer ${await apiToken(request)}` });
    before = { news: new Set(ids.news), events: new Set(ids.events) };
  });
  test.afterEach(async ({ request }) => {
    const headers = { Authorization: `Bearer ${await apiToken(request)}` };
    const now = await newestIds(request, headers);
    for (const kind of ["news", "events"] as const) {
      for (const id of now[kind].filter((id) => !before[kind].has(id))) {
        expect((await request.delete(`/api/admin/${kind}/${id}`, { headers })).ok()).toBe(true);
      }
    }
  });
}
