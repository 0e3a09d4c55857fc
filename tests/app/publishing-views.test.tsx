import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EditConflictPanel } from "~/components/admin/EditConflictPanel";
import { StateLine } from "~/components/admin/StateLine";
import { listHref, stateFilterOf, statesLine } from "~/lib/admin/publishing/states";

/** What the publishing parts of the admin screens draw, as the server sends it (no JavaScript needed). */
describe("the publishing views", () => {
  it("a refused save shows the /api's sentence as an alert and the other version, read-only", () => {
    const html = renderToStaticMarkup(
      <EditConflictPanel
        conflict={{
          message: "This was changed by Sam Jones at Sat 28 Nov 2026, 10:00 since you opened it.",
          version: 5,
          status: "published",
          fields: [
            { label: "Title", text: "Their title" },
            { label: "Content", html: "<p>Theirs <strong>bold</strong></p>" },
          ],
        }}
      />,
    );
    expect(html).toContain(
      '<p class="field__error edit-conflict__message" role="alert">This was changed by Sam Jones at Sat 28 Nov 2026, 10:00 since you opened it.</p>',
    );
    expect(html).toContain('<dt>Title</dt><dd class="preserve-lines">Their title</dd>');
    expect(html).toContain('<dd class="rich-text-output"><p>Theirs <strong>bold</strong></p></dd>');
    expect(html).toContain("Their version");
    expect(html).not.toContain("<input");
    expect(html).not.toContain("<textarea");
  });

  it("a card says 'Draft', or 'Scheduled' with its time in the site's zone, and nothing when published", () => {
    const timeZone = "Europe/London";
    expect(renderToStaticMarkup(<StateLine item={{ status: "draft", publishAt: null }} timeZone={timeZone} />)).toBe(
      '<p class="state-line state-line--draft"><span class="state-line__word">Draft</span></p>',
    );
    const scheduled = renderToStaticMarkup(
      <StateLine item={{ status: "scheduled", publishAt: "2031-07-04T15:30:00.000Z" }} timeZone={timeZone} />,
    );
    expect(scheduled).toContain('<span class="state-line__word">Scheduled</span> for ');
    expect(scheduled).toContain('<time dateTime="2031-07-04T15:30:00.000Z">July 4, 2031 · 4:30pm</time>');
    expect(
      renderToStaticMarkup(<StateLine item={{ status: "published", publishAt: null }} timeZone={timeZone} />),
    ).toBe("");
  });

  it("the dashboard's line and the filter's addresses", () => {
    expect(statesLine({ draft: 2, scheduled: 1 })).toBe("2 drafts, 1 scheduled");
    expect(statesLine({ draft: 1, scheduled: 0 })).toBe("1 draft, 0 scheduled");
    expect(statesLine({ draft: 0, scheduled: 0 })).toBeNull();
    expect(listHref("/admin/news", "draft", 2)).toBe("/admin/news?status=draft&page=2");
    expect(listHref("/admin/news", null, 1)).toBe("/admin/news");
    expect(stateFilterOf("scheduled")).toBe("scheduled");
    expect(stateFilterOf("everything")).toBeNull();
  });
});
