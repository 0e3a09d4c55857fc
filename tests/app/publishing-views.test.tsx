import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EditConflictPanel } from "~/components/admin/EditConflictPanel";
import { StateLine } from "~/components/admin/StateLine";
import { listHref, stateFilterOf, statesLine } from "~/lib/admin/publishing/states";

/** What the publishing parts of the admin screens draw, as the server sends it (no JavaScript needed). */
describe("the publishing views", () => {
  it("a refused save shows the /api's sentence as an alert, what only they changed, and each field both changed with a choice", () => {
    const html = renderToStaticMarkup(
      <EditConflictPanel
        conflict={{
          message: "This was changed by Sam Jones at Sat 28 Nov 2026, 10:00 since you opened it.",
          version: 5,
          status: "published",
          base: "4",
          kept: ["Title", "Image"],
          conflicts: [
            {
              name: "content",
              label: "Content",
              mine: { html: "<p>Mine</p>" },
              theirs: { html: "<p>Theirs <strong>bold</strong></p>" },
              theirsValue: "<p>Theirs <strong>bold</strong></p>",
            },
            { name: "status", label: "State", mine: { text: "Draft" }, theirs: { text: "Published" } },
          ],
        }}
      />,
    );
    expect(html).toContain(
      '<p class="field__error edit-conflict__message" role="alert">This was changed by Sam Jones at Sat 28 Nov 2026, 10:00 since you opened it.</p>',
    );
    expect(html).toContain("Their changes to Title and Image are kept: the form below shows them.");
    expect(html).toContain('<input type="hidden" name="conflicts" value="content"/>');
    expect(html).toContain('<input type="hidden" name="conflictBase" value="4"/>');
    expect(html).toContain("<legend>Content</legend>");
    expect(html).toContain('<div class="rich-text-output"><p>Theirs <strong>bold</strong></p></div>');
    expect(html).toContain('<input type="radio" name="keep-content" required="" value="mine"/> Keep mine');
    expect(html).toContain('<input type="radio" name="keep-content" required="" value="theirs"/> Keep theirs');
    expect(html).toContain(
      '<input type="hidden" name="theirs-content" value="&lt;p&gt;Theirs &lt;strong&gt;bold&lt;/strong&gt;&lt;/p&gt;"/>',
    );
    // The state is chosen by the button the form is saved with, not by a radio.
    expect(html).toContain("<legend>State</legend>");
    expect(html).not.toContain('name="keep-status"');
  });

  it("the booking settings both changed are shown in words, and 'Keep theirs' carries each of their inputs", () => {
    const booking = {
      name: "booking",
      label: "Booking",
      mine: { text: "Booked on another site" },
      theirs: { text: "Booked on this site: 12 places, at most 6 a booking" },
      theirsValue: { bookingMode: "site", places: "12", askChild: "" },
    };
    const conflict = { message: "Changed.", version: 2, status: "published" as const, base: "1", kept: [] };
    const html = renderToStaticMarkup(<EditConflictPanel conflict={{ ...conflict, conflicts: [booking] }} />);
    const shown = [
      '<input type="hidden" name="conflicts" value="booking"/>',
      "<legend>Booking</legend>",
      '<p class="preserve-lines">Booked on this site: 12 places, at most 6 a booking</p>',
      '<input type="radio" name="keep-booking" required="" value="theirs"/> Keep theirs',
      // Each of their booking inputs, for the save after 'Keep theirs' (with or without JavaScript).
      '<input type="hidden" name="theirs-booking.bookingMode" value="site"/>',
      '<input type="hidden" name="theirs-booking.places" value="12"/>',
      '<input type="hidden" name="theirs-booking.askChild" value=""/>',
    ];
    for (const part of shown) expect(html).toContain(part);
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
