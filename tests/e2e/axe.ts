import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, jsDisabled } from "./fixtures";

// The one way the specs ask axe-core about a page, in both projects: without JavaScript
// the page is the server's HTML, checked in a scripted copy (analyzeWithoutScripts).

/** Serious or critical accessibility violations (axe-core, WCAG 2.1 A/AA and best practice). */
export async function severeViolations(page: Page): Promise<string[]> {
  // Judged at rest: while a list is read again (after a save, refused ones too) it is
  // shown busy, dimmed on purpose, and a slow machine would otherwise have axe measure
  // the dimmed text's contrast rather than the page's.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = jsDisabled() ? await analyzeWithoutScripts(page) : await analyze(page);
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${page.url()}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

function analyze(page: Page) {
  return (
    new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      // The modal's focus trap (react-focus-lock, inside @reach/dialog) brackets it with
      // invisible tabindex=1 sentinels that return focus into the dialog: not page content.
      .exclude("[data-focus-guard]")
      // axe runs its own script inside each frame, which a frame that runs no script
      // cannot (the club's own booking page in Book Now): that page is checked on its own.
      .exclude("iframe:not([sandbox~='allow-scripts'])")
      .analyze()
  );
}

/**
 * axe-core needs timers, which never fire in a page without JavaScript (not even for
 * injected code). So the page's document, as that page has it, with its scripts taken
 * out, is shown at the same address in a page that allows axe's script and checked there.
 */
async function analyzeWithoutScripts(page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to open the copy in");
  // javaScriptEnabled must be said: a test's new contexts take the project's options.
  const context = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  try {
    const copy = await context.newPage();
    await copy.route("**/*", (route) => {
      const request = route.request();
      if (request.resourceType() === "script") return route.abort();
      if (request.isNavigationRequest() && request.frame() === copy.mainFrame()) {
        return route.fulfill({ contentType: "text/html; charset=utf-8", body: html });
      }
      return route.continue();
    });
    await copy.goto(page.url());
    return await analyze(copy);
  } finally {
    await context.close();
  }
}
